import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

/** Every word of every string literal in the browser's code under app/. */
function wordsWrittenInApp(): string[] {
  const files = (readdirSync("app", { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file) && file !== path.join("lib", "cn.ts"))
    .map((file) => path.join("app", file));
  const words = new Set<string>();
  for (const file of files)
    for (const [, quoted, template] of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g))
      for (const word of (quoted ?? template!).replace(/\$\{[^}]*\}/g, " ").split(/\s+/)) if (word) words.add(word);
  return [...words];
}

/** tailwind-merge keeps one copy of a class it knows, and both copies of anything else. */
const isKnownClass = (word: string) => twMerge(`${word} ${word}`) === word;

describe("cn", () => {
  it("joins what clsx joins", () => {
    expect(cn("a", false, ["b", { c: true, d: false }], undefined, "  e  ")).toBe("a b c e");
  });

  it("lets a later class override an earlier one under the same variants", () => {
    expect(cn("inline-flex h-12 px-6 text-sm", "h-auto min-h-12 py-3")).toBe("inline-flex px-6 text-sm h-auto min-h-12 py-3");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-stone", "text-base")).toBe("text-stone text-base");
    expect(cn("hover:bg-sand", "md:hover:bg-forest", "hover:md:bg-ivory")).toBe("hover:bg-sand hover:md:bg-ivory");
    expect(cn("not-a-tailwind-class", "not-a-tailwind-class")).toBe("not-a-tailwind-class not-a-tailwind-class");
  });

  it("keeps every word written in app/ that is not a Tailwind class, as tailwind-merge does", () => {
    const others = wordsWrittenInApp().filter((word) => !isKnownClass(word));
    expect(others.filter((word) => cn(`${word} ${word}`) !== `${word} ${word}`)).toEqual([]);
  });

  // Every pair of classes written in app/, in both orders, merges as tailwind-merge merges it:
  // the utilities without their variants, then the classes written with variants among
  // themselves. A class this helper does not know yet fails here: teach cn.ts its group.
  it("merges every pair of classes the shop writes as tailwind-merge does", () => {
    const classes = wordsWrittenInApp().filter(isKnownClass);
    expect(classes.length).toBeGreaterThan(500);
    const utilities = [...new Set(classes.map((name) => name.slice(name.lastIndexOf(":") + 1)))];
    const withVariants = classes.filter((name) => name.includes(":"));
    const differences: string[] = [];
    for (const list of [utilities, withVariants])
      for (const first of list)
        for (const second of list) {
          const pair = `${first} ${second}`;
          const expected = twMerge(pair);
          if (cn(pair) !== expected) differences.push(`${pair} → ${cn(pair)}, tailwind-merge: ${expected}`);
        }
    if (process.env.CN_DUMP) writeFileSync(process.env.CN_DUMP, differences.join("\n"));
    expect(differences.slice(0, 40)).toEqual([]);
  }, 120_000);
});
