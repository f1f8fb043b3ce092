import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConstantText, piecesText } from "./gzip-pieces";
import { StylesheetInliner } from "./inline-stylesheet";
import type { PageStylesIndex } from "./page-styles";

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-css-"));
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(path.join(clientDir, "assets/root-abc.css"), "body{color:#1d5b43}.price::after{content:'$&'}");
fs.writeFileSync(path.join(clientDir, "assets/evil.css"), "a{}</style><script>alert(1)</script>");
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const page = (href: string) =>
  Buffer.from(`<html><head><meta charset="utf-8"/><link nonce="n1" rel="stylesheet" href="${href}"/></head><body>Hi — ₵</body></html>`);

describe("StylesheetInliner", () => {
  const inliner = new StylesheetInliner(clientDir);

  it("puts the stylesheet in the page and keeps its link, no longer blocking the paint", () => {
    const html = piecesText(inliner.inline(page("/assets/root-abc.css")));
    expect(html).toContain(`<style data-href="/assets/root-abc.css">body{color:#1d5b43}.price::after{content:'$&'}</style>`);
    expect(html).toContain(`<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css" media="print"/>`);
    expect(html.indexOf("<style")).toBeLessThan(html.indexOf("<link"));
    // React Router writes a fragment after a stylesheet in a shared chunk: kept on the link.
    const shared = piecesText(inliner.inline(page("/assets/root-abc.css#")));
    expect(shared).toContain(`<style data-href="/assets/root-abc.css">body{color:#1d5b43}`);
    expect(shared).toContain(`<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css#" media="print"/>`);
    expect(html).toContain("<body>Hi — ₵</body>");
  });

  it("leaves a page alone when its stylesheet is missing, outside the assets or could close the style element", () => {
    for (const href of ["/assets/gone.css", "/assets/evil.css"]) expect(inliner.inline(page(href))).toEqual([page(href)]);
    const outside = page("/assets/../../etc/passwd.css");
    expect(inliner.inline(outside)).toEqual([outside]);
    const noLink = Buffer.from("<html><body>no link</body></html>");
    expect(inliner.inline(noLink)).toEqual([noLink]);
  });

  it("shares one compressed style element between pages", () => {
    const [, first] = inliner.inline(page("/assets/root-abc.css"));
    const [, second] = inliner.inline(Buffer.from(page("/assets/root-abc.css").toString().replace("Hi", "Hello")));
    expect(first).toBeInstanceOf(ConstantText);
    expect(second).toBe(first);
  });

  it("puts the stylesheet into a streamed page however its chunks fall, and passes the rest through", async () => {
    const whole = Buffer.concat([page("/assets/root-abc.css"), Buffer.from("<main>₵1,250 — Ɔdɔ</main>".repeat(20))]);
    const expected = piecesText(inliner.inline(whole));
    for (const size of [1, 7, 64, whole.length]) {
      const chunks = Array.from({ length: Math.ceil(whole.length / size) }, (_, i) => whole.subarray(i * size, (i + 1) * size));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      expect(await new Response(inliner.inlineStream(body)).text(), `chunks of ${size}`).toBe(expected);
    }
    expect(expected).toContain("<style data-href=");
  });
});

describe("StylesheetInliner with the build's index of the stylesheet", () => {
  const index: PageStylesIndex = {
    version: 2,
    wrappers: [[], ["@media (width>=768px)"]],
    stylesheets: {
      "/assets/root-abc.css": [
        [0, "body{color:#1d5b43}", null],
        [0, ".price{font-weight:600}", [["price"]]],
        [0, ".drawer{position:fixed}", [["drawer"]]],
        [1, ".md\\:grid{display:grid}", [["md:grid"]]],
      ],
    },
    scripts: { "/assets/product-1.js": ["md:grid", "price"], "/assets/shell-2.js": [], "/assets/cart-3.js": ["drawer"] },
    // The shell opens the cart later: a page that loads the shell holds the cart's rules.
    loads: { "/assets/shell-2.js": ["/assets/cart-3.js"], "/assets/cart-3.js": ["/assets/shell-2.js"] },
  };
  const indexFile = path.join(clientDir, "page-styles.json");
  fs.writeFileSync(indexFile, JSON.stringify(index));
  const inliner = new StylesheetInliner(clientDir, { pageStylesFile: indexFile });
  const pageWith = (...scripts: string[]) =>
    Buffer.from(
      `<html><head>${scripts.map((src) => `<link rel="modulepreload" href="${src}" nonce="n1"/>`).join("")}` +
        `<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css#"/></head><body>₵</body></html>`,
    );

  it("puts in a page only the rules the scripts it preloads, or loads later, can use", () => {
    const html = piecesText(inliner.inline(pageWith("/assets/product-1.js")));
    expect(html).toContain(
      `<style data-href="/assets/root-abc.css">body{color:#1d5b43}.price{font-weight:600}@media (width>=768px){.md\\:grid{display:grid}}</style>`,
    );
    expect(html).not.toContain(".drawer");
    expect(html).toContain(`href="/assets/root-abc.css#" media="print"/>`);
    const withShell = piecesText(inliner.inline(pageWith("/assets/shell-2.js", "/assets/product-1.js")));
    expect(withShell).toContain(
      `<style data-href="/assets/root-abc.css">body{color:#1d5b43}.price{font-weight:600}.drawer{position:fixed}@media`,
    );
  });

  it("takes the link out of a page of islands, which never needs the rest of the stylesheet", () => {
    const islandsInliner = new StylesheetInliner(clientDir, { pageStylesFile: indexFile, islandEntries: ["/assets/product-1.js"] });
    const islandsPage = piecesText(islandsInliner.inline(pageWith("/assets/shell-2.js", "/assets/product-1.js")));
    expect(islandsPage).toContain(`<style data-href="/assets/root-abc.css">body{color:#1d5b43}.price{font-weight:600}`);
    expect(islandsPage).not.toContain("<link nonce");
    expect(islandsPage).toContain("</style></head><body>₵</body>");
    // A page the router runs (no island entry among its scripts) keeps it, for its first client navigation.
    expect(piecesText(islandsInliner.inline(pageWith("/assets/shell-2.js")))).toContain(`href="/assets/root-abc.css#" media="print"/>`);
  });

  it("makes each page kind's style element once, whatever order the scripts come in", () => {
    const [, first] = inliner.inline(pageWith("/assets/shell-2.js", "/assets/product-1.js"));
    const [, second] = inliner.inline(pageWith("/assets/product-1.js", "/assets/shell-2.js"));
    expect(first).toBeInstanceOf(ConstantText);
    expect(second).toBe(first);
  });

  it("puts in the whole stylesheet when a script is not in the index, or the page preloads none", () => {
    for (const page of [pageWith("/assets/shell-2.js", "/assets/from-another-build.js"), pageWith()]) {
      expect(piecesText(inliner.inline(page))).toContain(
        `<style data-href="/assets/root-abc.css">body{color:#1d5b43}.price::after{content:'$&'}</style>`,
      );
    }
  });
});
