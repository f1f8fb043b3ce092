import { createContext, createElement, useContext, type HTMLAttributes, type ReactNode } from "react";
import { IslandsPageContext } from "~/islands/island";
import { PageContextProvider, usePageContext } from "./page-context";

/**
 * Markup that is the same on many pages (the storefront's footer and header bar, a product's
 * card, a collection's filters but for the search box), rendered once per key on the server and
 * put into each page as it is, instead of React drawing its hundreds of elements again for every
 * page nobody has asked for yet. `render` draws it when the key is new; the key must name
 * everything the markup depends on. Null when the markup could not be drawn apart (a part loaded
 * on demand, such as the price slider, not loaded yet): the page then draws it in place. Provided
 * by entry.server only: in the browser there is none, and the part is rendered as usual.
 */
export type RenderOnce = (key: string, render: () => ReactNode, options?: RenderOnceOptions) => DrawnMarkup | null;

/**
 * Markup drawn apart: as text, or as its UTF-8 bytes in a Buffer (the server's, which React's
 * Node renderer writes into a page as they are; any other renderer reads a Buffer as its text).
 */
export type DrawnMarkup = string | Buffer;

export interface RenderOnceOptions {
  /**
   * The key is one of endlessly many (a price range a shopper chose): its markup is kept in a
   * small store of its own, so a flood of such parts never pushes out those every page shows.
   */
  oneOfMany?: boolean;
}

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
  return (key, render, options) =>
    renderOnce(
      key,
      () =>
        createElement(PageContextProvider, {
          value: page,
          children: createElement(IslandsPageContext.Provider, { value: islandsPage }, render()),
        }),
      options,
    );
}

type DrawnOnceProps = {
  /** The element around the markup: drawn in place, with its props, on every page. */
  as: "div" | "li" | "header" | "footer";
  /** Everything `children`'s markup depends on, or null to draw it in place. */
  drawKey: string | null;
  /** The key is one of endlessly many (RenderOnceOptions). */
  oneOfMany?: boolean;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;

/**
 * `<as {...props}>{children}</as>`, its children drawn once per `drawKey` on the server
 * (`RenderOnce`) and as usual in the browser, which hydrates the same markup.
 */
export function DrawnOnce({ as, drawKey, oneOfMany = false, children, ...props }: DrawnOnceProps) {
  const renderOnce = useRenderOnce();
  const html = renderOnce && drawKey !== null ? renderOnce(drawKey, () => children, { oneOfMany }) : null;
  // React's typings take only text for `__html`; a Buffer is written as its bytes (DrawnMarkup).
  return html === null
    ? createElement(as, props, children)
    : createElement(as, { ...props, dangerouslySetInnerHTML: { __html: html as string } });
}

/** Tokens by JSON text; emptied when full (a token is never given twice, so nothing is confused). */
const tokenOfJson = new Map<string, string>();
const tokenOfObject = new WeakMap<object, string>();
const MOST_TOKENS = 5_000;
let tokensGiven = 0;

/**
 * A short name for what `value` holds, for a `drawKey`: the same for equal JSON, another for any
 * other. A key is looked up on every page, and a key holding a product card's or the store
 * profile's JSON is hundreds of characters to hash and compare; the same object (the catalog's
 * cached card, the settings' cached profile) is named again without being written out. Values
 * are read as they are when first named: an object given here must not be changed afterwards.
 */
export function contentKey(value: object): string {
  let token = tokenOfObject.get(value);
  if (token === undefined) {
    const json = JSON.stringify(value);
    token = tokenOfJson.get(json);
    if (token === undefined) {
      if (tokenOfJson.size >= MOST_TOKENS) tokenOfJson.clear();
      tokenOfJson.set(json, (token = `#${(++tokensGiven).toString(36)}`));
    }
    tokenOfObject.set(value, token);
  }
  return token;
}
