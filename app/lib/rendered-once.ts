import { createContext, useContext, type ReactNode } from "react";

/**
 * Markup that is the same on many pages (the storefront's footer and header bar, a product's
 * card), rendered once per key on the server and put into each page as it is, instead of React
 * drawing its hundreds of elements again for every page nobody has asked for yet. `render` draws it when the key is new; the key must
 * name everything the markup depends on. Provided by entry.server only: in the browser there is
 * none, and the part is rendered as usual.
 */
export type RenderOnce = (key: string, render: () => ReactNode) => string;

export const RenderOnceContext = createContext<RenderOnce | null>(null);

export function useRenderOnce(): RenderOnce | null {
  return useContext(RenderOnceContext);
}
