import fs from "node:fs";
import path from "node:path";
import { ConstantText, pieceBytes, type PagePieces } from "./gzip-pieces";
import { PAGE_STYLES_FILE, pageStylesheet, readPageStylesIndex, type PageStylesIndex } from "./page-styles";

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

const MODULE_PRELOAD = Buffer.from('rel="modulepreload"');
const HREF = Buffer.from(' href="');

/**
 * The scripts a page loads, in a stable order: every one is preloaded before its stylesheet link
 * (`end`), by a `<link rel="modulepreload" href="…">` (React puts them all at the start of the
 * head, the href after the rel). Read from the bytes like the link: only each href is made text.
 */
function preloadedScripts(page: Buffer, end: number): string[] {
  const scripts: string[] = [];
  // Searched only up to the link: past the last preload, a search of the whole page would read
  // every byte of the body for nothing (1.6 % of a miss's CPU in a profile).
  const html = page.subarray(0, end);
  for (let rel = html.indexOf(MODULE_PRELOAD); rel >= 0; rel = html.indexOf(MODULE_PRELOAD, rel + 1)) {
    const start = html.lastIndexOf(LINK_OPEN, rel);
    const tagEnd = html.indexOf(0x3e /* > */, rel);
    // The rel must be an attribute of a <link> tag: no ">" between the tag's start and it.
    if (start < 0 || tagEnd < 0 || html.lastIndexOf(0x3e, rel) > start) continue;
    const href = html.indexOf(HREF, rel);
    if (href < 0 || href > tagEnd) continue;
    const from = href + HREF.length;
    let to = from;
    while (to < tagEnd && html[to] !== 0x22 /* " */ && html[to] !== 0x23 /* # */ && html[to] !== 0x3f /* ? */) to++;
    if (to > from) scripts.push(html.toString("latin1", from, to));
  }
  return scripts.sort();
}

/** How much of a streamed page is held while looking for the end of its head. */
const HEAD_LIMIT = 256 * 1024;

/**
 * Puts the app's stylesheet inside a page, so the first paint does not wait for a second
 * request: on a slow phone link that round trip is most of the time to first paint.
 *
 * A page carries only the rules that its scripts, and the panels they load later, can use
 * (server/page-styles.ts, from the index the build writes; decision 019): 66–73 KB of the 105 KB
 * stylesheet, 2–5 KB less per page gzipped. Which rules is decided by the set of scripts, not by
 * the page's markup, so it is worked out once per kind of page and costs a render next to
 * nothing. Without the index (an older build) the whole stylesheet goes in. The link stays, as
 * `media="print"`: React hydrates the head it rendered and finds its element there, and the
 * browser fetches the whole file without blocking the paint. At the first client navigation the
 * link is switched on and the inline share taken out (`app/lib/full-stylesheet.ts`): the same
 * rules in the same order, so nothing on screen changes.
 */
export class StylesheetInliner {
  /** By stylesheet and scripts: its style element, compressed once (gzip-pieces.ts), or null when it may not be inlined. */
  private readonly styles = new Map<string, ConstantText | null>();
  private readonly wholeStyles = new Map<string, ConstantText | null>();
  private readonly index: PageStylesIndex | null;

  private readonly islandEntries: ReadonlySet<string>;

  /**
   * - `pageStylesFile`: the build's index (vite-page-styles.ts); by default beside the client's folder.
   * - `islandEntries`: the entry scripts of the pages of islands (islands.json). Such a page
   *   never moves to another without a reload, so its inline share is all it will ever use, and
   *   its link is taken out rather than kept as `media="print"`: a print stylesheet is still
   *   fetched and parsed, 15 KB and a task of some 25 ms on this machine (~100 ms on
   *   Lighthouse's slowed phone) that nothing on such a page reads.
   */
  constructor(
    private readonly clientDir: string,
    {
      pageStylesFile = path.join(clientDir, "..", PAGE_STYLES_FILE),
      islandEntries = [],
    }: { pageStylesFile?: string; islandEntries?: Iterable<string> } = {},
  ) {
    this.index = readPageStylesIndex(pageStylesFile);
    this.islandEntries = new Set(islandEntries);
  }

  /**
   * The page with its stylesheet inside, as pieces: the page's own text around the style
   * element, which is the same in every page and so compressed only once.
   */
  inline = (html: Buffer): PagePieces => {
    const found = stylesheetLink(html);
    if (!found) return [html];
    const { match, start } = found;
    const [link, before = "", between = "", href = "", suffix = "", after = ""] = match;
    const scripts = preloadedScripts(html, start);
    const style = this.style(href, scripts);
    if (style === null) return [html];
    const rest = html.subarray(start + link.length);
    if (scripts.some((script) => this.islandEntries.has(script))) return [html.subarray(0, start), style, rest];
    const printLink = `<link${before}rel="stylesheet"${between}href="${href}${suffix}"${after.replace(/\s*\/$/, "")} media="print"/>`;
    return [html.subarray(0, start), style, Buffer.from(printLink), rest];
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

  /**
   * The style element for a stylesheet and a set of scripts, made once; null when the stylesheet
   * is missing or could end the style element. Kinds of page are few (one per route), so the
   * map stays small.
   */
  private style(href: string, scripts: string[]): ConstantText | null {
    const key = `${href} ${scripts.join(" ")}`;
    let style = this.styles.get(key);
    if (style === undefined) {
      const css = this.index && pageStylesheet(this.index, href, scripts);
      style = css ? styleElement(href, css) : this.wholeStylesheet(href);
      this.styles.set(key, style);
    }
    return style;
  }

  /** The whole stylesheet's style element, read once. */
  private wholeStylesheet(href: string): ConstantText | null {
    if (!this.wholeStyles.has(href)) {
      const root = path.resolve(this.clientDir);
      const file = path.join(root, href);
      const css = file.startsWith(root + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
      this.wholeStyles.set(href, css === null ? null : styleElement(href, css));
    }
    return this.wholeStyles.get(href) ?? null;
  }
}

/** A stylesheet as a style element, compressed once; null when its text could end the element. */
function styleElement(href: string, css: string): ConstantText | null {
  return /<\/style/i.test(css) ? null : new ConstantText(`<style data-href="${href}">${css}</style>`);
}
