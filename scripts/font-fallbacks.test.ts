import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_FALLBACKS_FILE, fallbackFamily, fontFallbackCss } from "./font-fallbacks";

describe("font fallbacks", () => {
  it("the committed stylesheet is what the script writes (run npx tsx scripts/font-fallbacks.ts)", async () => {
    expect(fs.readFileSync(FONT_FALLBACKS_FILE, "utf8")).toBe(await fontFallbackCss());
  });

  it("app.css lists each fallback right after its web font", () => {
    const css = fs.readFileSync(new URL("../app/app.css", import.meta.url), "utf8");
    for (const family of ["Manrope Variable", "Cormorant Garamond Variable"]) {
      expect(css).toContain(`"${family}", "${fallbackFamily(family)}"`);
    }
    expect(css).toContain('@import "./font-fallbacks.css"');
  });

  it("Android's fonts are tried before the others, and Arial's clones take Arial's size", async () => {
    // One entry per local font: a face lists a model and its metric clones as its sources.
    const faces = [...(await fontFallbackCss()).matchAll(/font-family: "([^"]+)";\n\s+src: ([^;]+);\n\s+size-adjust: ([\d.]+)%/g)].flatMap(
      ([, family, sources, size]) =>
        [...sources!.matchAll(/local\("([^"]+)"\)/g)].map(([, local]) => ({ family, local, size: Number(size) })).reverse(),
    );
    const manrope = faces.filter((f) => f.family === "Manrope Variable fallback");
    // The browser takes the last face it can load: the best fallback is written last.
    expect(manrope.at(-1)?.local).toBe("Roboto");
    const arial = manrope.find((f) => f.local === "Arial")!;
    expect(manrope.find((f) => f.local === "Liberation Sans")?.size).toBe(arial.size);
    expect(arial.size).toBeGreaterThan(90);
    expect(faces.filter((f) => f.family === "Cormorant Garamond Variable fallback").at(-1)?.local).toBe("Noto Serif");
  });
});
