import fs from "node:fs";
import path from "node:path";

/** The stylesheet link React Router renders for the app's CSS (`import "./app.css"` in root.tsx). */
const STYLESHEET_LINK = /<link\b([^>]*)\brel="stylesheet"([^>]*)\bhref="(\/assets\/[\w.-]+\.css)"([^>]*)\/?>/;

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
  private readonly texts = new Map<string, string | null>();

  constructor(private readonly clientDir: string) {}

  inline = (html: string): string => {
    const match = STYLESHEET_LINK.exec(html);
    if (!match) return html;
    const [link, before = "", between = "", href = "", after = ""] = match;
    const css = this.read(href);
    if (css === null) return html;
    const printLink = `<link${before}rel="stylesheet"${between}href="${href}"${after.replace(/\s*\/$/, "")} media="print"/>`;
    // A function replacement: the stylesheet's own `$` signs must not be read as patterns.
    return html.replace(link, () => `<style data-href="${href}">${css}</style>${printLink}`);
  };

  /** The stylesheet's text, read once; null when it is missing or could end the style element. */
  private read(href: string): string | null {
    if (!this.texts.has(href)) {
      const root = path.resolve(this.clientDir);
      const file = path.join(root, href);
      const text = file.startsWith(root + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
      this.texts.set(href, text !== null && !/<\/style/i.test(text) ? text : null);
    }
    return this.texts.get(href) ?? null;
  }
}
