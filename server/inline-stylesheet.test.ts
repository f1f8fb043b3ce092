import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConstantText, piecesText } from "./gzip-pieces";
import { StylesheetInliner } from "./inline-stylesheet";

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
