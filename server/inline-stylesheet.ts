import fs from "node:fs";
import path from "node:path";
import { ConstantText, pieceBytes, type PagePieces } from "./gzip-pieces";

/** The stylesheet link React Router renders for the app's CSS (`import "./app.css"` in root.tsx). */
// Its href may end in a fragment or query (React Router writes `…css#` for a stylesheet in a shared chunk).
const STYLESHEET_LINK = /<link\b([^>]*)\brel="stylesheet"([^>]*)\bhref="(\/assets\/[\w.-]+\.css)([#?][^"]*)?"([^>]*)\/?>/;

const REL_STYLESHEET = Buffer.from('rel="stylesheet"');
const LINK_OPEN = Buffer.from("<link");

/**
 * The app's stylesheet link in a page and where it starts (a byte offset). Found by searching
 * the bytes for each `rel="stylesheet"` and reading only its own tag as text (latin1, one
 * character per byte: the link is ASCII), so a render's page is not copied into a string.
 */
function stylesheetLink(html: Buffer): { match: RegExpExecArray; start: number } | null {
  for (let rel = html.indexOf(REL_STYLESHEET); rel >= 0; rel = html.indexOf(REL_STYLESHEET, rel + 1)) {
    const start = html.lastIndexOf(LINK_OPEN, rel);
    const end = html.indexOf(0x3e /* > */, rel);
    if (start < 0 || end < 0) continue;
    const match = STYLESHEET_LINK.exec(html.toString("latin1", start, end + 1));
    if (match?.index === 0) return { match, start };
  }
  return null;
}

/** How much of a streamed page is held while looking for the end of its head. */
const HEAD_LIMIT = 256 * 1024;

/**
 * Puts the app's stylesheet inside a page, so the first paint does not wait for a second
 * request: on a slow phone link that round trip is most of the time to first paint.
 *
 * The whole stylesheet is inlined, not a "critical" subset: it is one Tailwind file of about
 * 17 KB gzipped, and computing a subset per page (beasties and the like) costs tens of
 * milliseconds of CPU per render, far over the budget of a page nobody asked for yet. The link
 * stays, as `media="print"`: React hydrates the head it rendered and finds its element there,
 * and the browser fetches the file without blocking the paint (a later full page load then finds
 * it in its cache). Client navigations never fetch HTML again, so the cost is one page's worth.
 */
export class StylesheetInliner {
  /** By stylesheet: its style element, compressed once (gzip-pieces.ts), or null when it may not be inlined. */
  private readonly styles = new Map<string, ConstantText | null>();

  constructor(private readonly clientDir: string) {}

  /**
   * The page with its stylesheet inside, as pieces: the page's own text around the style
   * element, which is the same in every page and so compressed only once.
   */
  inline = (html: Buffer): PagePieces => {
    const found = stylesheetLink(html);
    if (!found) return [html];
    const { match, start } = found;
    const [link, before = "", between = "", href = "", suffix = "", after = ""] = match;
    const style = this.style(href);
    if (style === null) return [html];
    const printLink = `<link${before}rel="stylesheet"${between}href="${href}${suffix}"${after.replace(/\s*\/$/, "")} media="print"/>`;
    return [html.subarray(0, start), style, Buffer.from(printLink), html.subarray(start + link.length)];
  };

  /**
   * The same for a page streamed to one visitor (checkout, account: never cached): its head is
   * held until it is whole, gets the stylesheet, and the rest of the page flows on untouched.
   */
  inlineStream = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
    let head: Buffer | null = Buffer.alloc(0);
    const flushHead = (controller: TransformStreamDefaultController<Uint8Array>) => {
      if (head === null) return;
      for (const piece of this.inline(head)) controller.enqueue(pieceBytes(piece));
      head = null;
    };
    return body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (head === null) return controller.enqueue(chunk);
          head = Buffer.concat([head, chunk]);
          // The stylesheet link is in the head; a page with no head end in its first 256 KB is sent as it is.
          if (head.includes("</head>") || head.length > HEAD_LIMIT) flushHead(controller);
        },
        flush: flushHead,
      }),
    );
  };

  /** The stylesheet's style element, read once; null when it is missing or could end the style element. */
  private style(href: string): ConstantText | null {
    if (!this.styles.has(href)) {
      const root = path.resolve(this.clientDir);
      const file = path.join(root, href);
      const css = file.startsWith(root + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
      this.styles.set(href, css !== null && !/<\/style/i.test(css) ? new ConstantText(`<style data-href="${href}">${css}</style>`) : null);
    }
    return this.styles.get(href) ?? null;
  }
}
