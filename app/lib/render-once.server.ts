import { LRUCache } from "lru-cache";
import { preload, type PreloadOptions } from "react-dom";
import { renderToString } from "react-dom/server";
import type { RenderOnce } from "./rendered-once";

/**
 * How much markup is kept, in bytes of markup and characters of key together (the markup is
 * ASCII but for a product's name and prices' "₵"): the footers and headers (one per header link) of a
 * few store profiles, and some 1,500 product cards. Past it, the markup used longest ago is drawn
 * again when next needed. A product that changes (price, stock, picture) has a new key; its old
 * card ages out.
 */
const KEPT_CHARACTERS = 4_000_000;

/**
 * The same for parts drawn for one of endlessly many values (`oneOfMany`: a price range a
 * shopper chose, ~5,000 characters with its slider), for the ranges shared in links or asked
 * again: such a part is drawn in place the first time its key is asked (most are asked once,
 * and drawing apart costs more than drawing in place), and drawn apart and kept the second
 * time, among the last hundred or so. Kept with the rest, a shopper's every drag of the slider
 * would push the cards out.
 */
const ONE_OF_MANY_CHARACTERS = 500_000;
const ONE_OF_MANY_ASKED = 10_000;

/**
 * What `renderToString` writes for a Suspense boundary it could not finish: a part loaded on
 * demand (`lazy`) that has not loaded yet. The page's own render waits for such a part; a
 * render apart cannot, and would leave the browser to draw it.
 */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/**
 * A picture the markup shows first (a product card's first row, `fetchPriority="high"`), as
 * React announces it: in a render with no head, its preload comes first, before the markup.
 */
const LEADING_LINK = /^<link ([^>]*)\/>/;
const HOISTED_ELEMENT = /^<(title|meta|link|script|style)\b/;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;
const IMAGE_PRELOAD_ATTRIBUTES = new Set([
  "rel",
  "as",
  "href",
  "imageSrcSet",
  "imageSizes",
  "fetchPriority",
  "crossOrigin",
  "referrerPolicy",
]);

interface ImagePreload {
  href: string;
  options: PreloadOptions;
}

/** Markup drawn apart, and the pictures it announces: each page that shows it announces them in its own head. */
interface Drawn {
  /**
   * As UTF-8 bytes: React's Node renderer writes them into each page as they are (patched,
   * docs/decisions/014-react-writes-text-in-one-piece.md), where markup kept as text would be
   * copied into the page's text and encoded again on every page that shows it.
   */
  html: Buffer;
  preloads: ImagePreload[];
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" })[name]!);
}

/** A `<link>`'s attributes as a picture's preload, or null when it is anything else. */
function imagePreload(attributes: string): ImagePreload | null {
  const values = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, unescapeAttribute(value!)]));
  // Only a picture asked for first: React puts its preload among the head's first links, where a
  // `preload` call with the same priority puts it too (another picture's would move further down).
  if (values.get("rel") !== "preload" || values.get("as") !== "image" || values.get("fetchPriority") !== "high") return null;
  if ([...values.keys()].some((name) => !IMAGE_PRELOAD_ATTRIBUTES.has(name))) return null;
  const options: PreloadOptions = {
    as: "image",
    imageSrcSet: values.get("imageSrcSet"),
    imageSizes: values.get("imageSizes"),
    fetchPriority: values.get("fetchPriority") as PreloadOptions["fetchPriority"],
    crossOrigin: values.get("crossOrigin") as PreloadOptions["crossOrigin"],
    referrerPolicy: values.get("referrerPolicy") as PreloadOptions["referrerPolicy"],
  };
  // React writes no href beside a srcset (it keys the preload by srcset and sizes); `preload` still asks for one.
  const href = values.get("href") ?? options.imageSrcSet?.split(/[\s,]+/)[0];
  return href ? { href, options } : null;
}

/** A render apart taken apart: the pictures' preloads React wrote first, and the markup; null for anything else written first. */
function drawnApart(html: string): Drawn | null {
  const preloads: ImagePreload[] = [];
  let rest = html;
  for (let link = LEADING_LINK.exec(rest); link; link = LEADING_LINK.exec(rest)) {
    const announced = imagePreload(link[1]!);
    if (!announced) return null;
    preloads.push(announced);
    rest = rest.slice(link[0].length);
  }
  // Whatever else React hoists (a title, a meta, a script, a style) would be written here too.
  if (HOISTED_ELEMENT.test(rest)) return null;
  return { html: Buffer.from(rest), preloads };
}

/**
 * The server's `RenderOnce` (app/lib/rendered-once.ts), as entry.server provides it to every
 * page: markup by key, drawn by React the first time a key is asked for. A picture the markup
 * shows at once is announced in the head of every page that shows it (`preload`, as React does
 * for a picture drawn in place; the attributes in React's order for a preload call). Markup with
 * a part not loaded yet, or with anything else React would put in the head, is never kept: the
 * page draws it in place.
 */
export function createRenderOnce(): RenderOnce {
  const store = (maxSize: number) =>
    new LRUCache<string, Drawn>({ maxSize, sizeCalculation: (drawn, key) => drawn.html.length + key.length });
  const kept = store(KEPT_CHARACTERS);
  const oneOfMany = store(ONE_OF_MANY_CHARACTERS);
  const askedOnce = new LRUCache<string, true>({ max: ONE_OF_MANY_ASKED });
  return (key, render, options) => {
    const rendered = options?.oneOfMany ? oneOfMany : kept;
    let drawn = rendered.get(key);
    if (drawn === undefined) {
      if (options?.oneOfMany && !askedOnce.get(key)) {
        askedOnce.set(key, true);
        return null;
      }
      const html = renderToString(render());
      const apart = html.includes(UNFINISHED_BOUNDARY) ? null : drawnApart(html);
      if (!apart) return null;
      drawn = apart;
      rendered.set(key, drawn);
    }
    for (const { href, options } of drawn.preloads) preload(href, options);
    return drawn.html;
  };
}
