import { renderToString } from "react-dom/server";
import type { RenderOnce } from "./rendered-once";

/** How many markups are kept; a new store profile or year adds a key, and past this they are all dropped together. */
const KEPT = 16;

/**
 * The server's `RenderOnce` (app/lib/rendered-once.ts), as entry.server provides it to every
 * page: markup by key, drawn by React the first time a key is asked for.
 */
export function createRenderOnce(): RenderOnce {
  const rendered = new Map<string, string>();
  return (key, render) => {
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderToString(render());
      if (rendered.size >= KEPT) rendered.clear();
      rendered.set(key, html);
    }
    return html;
  };
}
