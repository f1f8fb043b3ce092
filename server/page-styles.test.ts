import * as csstree from "css-tree";
import { describe, expect, it } from "vitest";
import { mentionedClasses, splitStylesheet } from "../vite-page-styles";
import { pageStylesheet, type PageStylesIndex } from "./page-styles";

/** A stylesheet shaped like Tailwind's output: layers, escaped names, variants, nested at-rules. */
const STYLESHEET = [
  "/*! tailwindcss */",
  "@layer theme,base,utilities;",
  "@layer theme{:root{--color-gold:#c9a227}}",
  "@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".top-1\\/2{top:50%}",
  ".\\[\\&_svg\\]\\:size-4 svg{width:1rem}",
  ".group-hover\\:bg-gold:is(:where(.group):hover *){background:var(--color-gold)}",
  ".space-y-4>:not(:last-child){margin-block-end:1rem}",
  ".peer:not(.open)~.peer-closed\\:hidden{display:none}",
  "@media (width>=768px){.md\\:flex{display:flex}.md\\:hidden{display:none}}",
  "@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}",
  "}",
  "@keyframes fade{0%{opacity:0}to{opacity:1}}",
  "@property --tw-scale{syntax:'*';inherits:false}",
].join("");

function indexOf(css: string, scripts: Record<string, string>, loads: Record<string, string[]> = {}): PageStylesIndex {
  const wrappers: string[][] = [];
  const styled = new Set<string>();
  const rules = splitStylesheet(css, wrappers, styled);
  return {
    version: 2,
    wrappers,
    stylesheets: { "/assets/app.css": rules },
    scripts: Object.fromEntries(Object.entries(scripts).map(([href, code]) => [href, mentionedClasses(code, styled)])),
    loads,
  };
}

const normalised = (css: string) => csstree.generate(csstree.parse(css, { parseValue: false, parseAtrulePrelude: false }));

describe("a page's share of the stylesheet", () => {
  it("gives back the whole stylesheet, in its order, to a page whose scripts use every class", () => {
    const index = indexOf(STYLESHEET, {
      "/assets/a.js": `x("flex top-1/2 [&_svg]:size-4 group group-hover:bg-gold space-y-4")`,
      "/assets/b.js": "y(`peer peer-closed:hidden md:flex md:hidden ${z} hover:underline`)",
    });
    expect(normalised(pageStylesheet(index, "/assets/app.css", ["/assets/a.js", "/assets/b.js"])!)).toBe(normalised(STYLESHEET));
  });

  it("keeps only the rules a page's classes can match, and everything that needs no class", () => {
    const index = indexOf(STYLESHEET, { "/assets/page.js": `cn("md:flex", open ? "group" : "flex")`, "/assets/other.js": `"md:hidden"` });
    const css = pageStylesheet(index, "/assets/app.css", ["/assets/page.js"])!;
    // The page's own classes, inside the at-rules they sat in.
    expect(css).toContain("@layer utilities{.flex{display:flex}");
    expect(css).toContain("@media (width>=768px){.md\\:flex{display:flex}}");
    // Rules for classes the page never writes are left out, and so is an at-rule left empty.
    expect(css).not.toContain("md\\:hidden");
    expect(css).not.toContain("@media (hover:hover)");
    // A variant needs both its classes: `group` alone does not bring group-hover's rule.
    expect(css).not.toContain("group-hover");
    // `:not(.open)` does not need `open`; `peer-closed:hidden` is still not on the page.
    expect(css).not.toContain("peer-closed");
    // What needs no class stays: layer order, theme, base, keyframes, properties, the licence.
    for (const kept of [
      "@layer theme,base,utilities;",
      ":root{--color-gold:#c9a227}",
      "html{line-height:1.5}",
      "@keyframes fade",
      "@property --tw-scale",
      "/*! tailwindcss */",
    ]) {
      expect(css).toContain(kept);
    }
  });

  it("counts the scripts a page's scripts load later, however they loop back", () => {
    const index = indexOf(
      STYLESHEET,
      { "/assets/page.js": `"flex"`, "/assets/menu.js": `"md:hidden"`, "/assets/shell.js": `"md:flex"` },
      { "/assets/page.js": ["/assets/shell.js"], "/assets/shell.js": ["/assets/menu.js"], "/assets/menu.js": ["/assets/shell.js"] },
    );
    const css = pageStylesheet(index, "/assets/app.css", ["/assets/page.js"])!;
    expect(css).toContain("@media (width>=768px){.md\\:flex{display:flex}.md\\:hidden{display:none}}");
    expect(pageStylesheet(index, "/assets/app.css", ["/assets/menu.js"])).not.toContain(".flex{");
    // A script the index does not know, even one loaded later, leaves the choice to the caller.
    const broken = { ...index, loads: { ...index.loads, "/assets/menu.js": ["/assets/gone.js"] } };
    expect(pageStylesheet(broken, "/assets/app.css", ["/assets/page.js"])).toBeNull();
  });

  it("reads escaped class names as the markup writes them", () => {
    const index = indexOf(STYLESHEET, { "/assets/page.js": `"top-1/2 [&_svg]:size-4 group group-hover:bg-gold peer peer-closed:hidden"` });
    const css = pageStylesheet(index, "/assets/app.css", ["/assets/page.js"])!;
    expect(css).toContain(".top-1\\/2{top:50%}");
    expect(css).toContain(".\\[\\&_svg\\]\\:size-4 svg{width:1rem}");
    expect(css).toContain(".group-hover\\:bg-gold:is(:where(.group):hover *)");
    expect(css).toContain(".peer:not(.open)~.peer-closed\\:hidden{display:none}");
    expect(css).not.toContain(".flex{");
  });

  it("leaves the choice to the caller when the stylesheet or a script is not in the index", () => {
    const index = indexOf(STYLESHEET, { "/assets/page.js": `"flex"` });
    expect(pageStylesheet(index, "/assets/other.css", ["/assets/page.js"])).toBeNull();
    expect(pageStylesheet(index, "/assets/app.css", ["/assets/page.js", "/assets/new-build.js"])).toBeNull();
    expect(pageStylesheet(index, "/assets/app.css", [])).toBeNull();
  });

  it("finds a script's classes in string and template literals, whatever separates them", () => {
    const styled = new Set(["flex", "md:flex", "data-[state=open]:bg-sand", "w-1/2"]);
    const code = `a="flex\\tmd:flex";b=\`w-1/2 \${c?'data-[state=open]:bg-sand':""}\`;flexbox="x"`;
    expect(mentionedClasses(code, styled)).toEqual(["data-[state=open]:bg-sand", "flex", "md:flex", "w-1/2"]);
  });
});
