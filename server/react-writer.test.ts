import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The shop patches how React's Node renderer writes a page (patches/react-dom+19.3.1.patch,
 * decision 014): text is gathered and encoded in one piece rather than chunk by chunk. The
 * bytes must be exactly what React's own writer produces. react-writer.check.mjs renders the
 * same pages with the patched Node renderer and with the untouched edge renderer (the same
 * Fizz engine and markup, React's original buffering), in production mode as the server runs
 * them (this suite runs React's development builds).
 */
interface Rendered {
  rows: number;
  bytes: number;
  /** Writes other than the drawn-once markup's. */
  writes: number;
  /** How many times the drawn-once markup's own Buffer reached the destination. */
  drawnWritten: number;
  html: string;
  sameAsReact: boolean;
}

const rendered = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(new URL("./react-writer.check.mjs", import.meta.url))], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  }),
) as Rendered[];

describe("React's Node writer, patched to encode text in one piece", () => {
  it("is applied: a page leaves in pieces of at least 8 KB, not React's 4 KB views (npm install runs patch-package)", () => {
    const large = rendered.find((page) => page.rows === 600)!;
    expect(large.bytes).toBeGreaterThan(60_000);
    expect(large.writes).toBeLessThanOrEqual(Math.ceil(large.bytes / 8192) + 2);
  });

  it.each(rendered.map((page) => [page.rows, page] as const))(
    "writes exactly React's own bytes for a page of %i cards, multi-byte characters and a streamed boundary included",
    (_rows, page) => {
      expect(page.html).toContain("Kaftan nº 2 “Adinkra” — ₵1,252.00 🧵");
      expect(page.html).toContain('<span class="price">₵1,250.00</span>');
      expect(page.sameAsReact).toBe(true);
    },
  );

  it("writes markup given as UTF-8 bytes (drawn once, put into many pages) as those very bytes, where React's own writer reads them as text", () => {
    const large = rendered.find((page) => page.rows === 600)!;
    expect(large.html.match(/<div><p class="drawn">Drawn once: kente — ₵2,500.00 🧵<\/p><\/div>/g)).toHaveLength(6);
    // The card's text around it is still gathered into pieces of 8 KB: six Buffers more, not thousands.
    expect(large.drawnWritten).toBe(6);
    expect(rendered.find((page) => page.rows === 3)!.drawnWritten).toBe(1);
  });
});
