import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import type { RenderOnce } from "./rendered-once";

/**
 * How much markup is kept, in characters of markup and key together (about a byte each: the
 * markup is ASCII but for a product's name): the footers and headers (one per header link) of a
 * few store profiles, and some 1,500 product cards. Past it, the markup used longest ago is drawn
 * again when next needed. A product that changes (price, stock, picture) has a new key; its old
 * card ages out.
 */
const KEPT_CHARACTERS = 4_000_000;

/**
 * What `renderToString` writes for a Suspense boundary it could not finish: a part loaded on
 * demand (`lazy`) that has not loaded yet. The page's own render waits for such a part; a
 * render apart cannot, and would leave the browser to draw it.
 */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/**
 * The server's `RenderOnce` (app/lib/rendered-once.ts), as entry.server provides it to every
 * page: markup by key, drawn by React the first time a key is asked for. Markup with a part not
 * loaded yet is never kept: the page draws it in place, and the next page draws it apart again.
 */
export function createRenderOnce(): RenderOnce {
  const rendered = new LRUCache<string, string>({
    maxSize: KEPT_CHARACTERS,
    sizeCalculation: (html, key) => html.length + key.length,
  });
  return (key, render) => {
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderToString(render());
      if (html.includes(UNFINISHED_BOUNDARY)) return null;
      rendered.set(key, html);
    }
    return html;
  };
}
