import { createContext, createElement, useContext, type ReactNode } from "react";
import { IslandsPageContext } from "~/islands/island";
import { PageContextProvider, usePageContext } from "./page-context";

/**
 * Markup that is the same on many pages (the storefront's footer and header bar, a product's
 * card), rendered once per key on the server and put into each page as it is, instead of React
 * drawing its hundreds of elements again for every page nobody has asked for yet. `render` draws
 * it when the key is new; the key must name everything the markup depends on. Provided by
 * entry.server only: in the browser there is none, and the part is rendered as usual.
 */
export type RenderOnce = (key: string, render: () => ReactNode) => string;

export const RenderOnceContext = createContext<RenderOnce | null>(null);

/**
 * The page's `RenderOnce`, or null in the browser. The markup is drawn in a render of its own,
 * which starts with no context: the page's (`usePageContext`) and whether it is a page of islands
 * are carried into it, so a part drawn once reads them as it would in place.
 */
export function useRenderOnce(): RenderOnce | null {
  const renderOnce = useContext(RenderOnceContext);
  const page = usePageContext();
  const islandsPage = useContext(IslandsPageContext);
  if (!renderOnce) return null;
  return (key, render) =>
    renderOnce(key, () =>
      createElement(PageContextProvider, {
        value: page,
        children: createElement(IslandsPageContext.Provider, { value: islandsPage }, render()),
      }),
    );
}
