import { describe, expect, it } from "vitest";
import { asciiOnly } from "./ascii-only";

/** What a module's `export default` evaluates to. */
async function defaultExport(source: string): Promise<unknown> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`)) as { default: unknown };
  return module.default;
}

describe("the server build's JavaScript in ASCII", () => {
  it("writes prices, arrows and dashes as escapes, and the program gives the same text", async () => {
    const source = [
      "// A price in cedi → always with its sign — never a bare number",
      'const sign = "₵";',
      "const total = `${sign}1,250.00 – paid`;",
      "const arrow = 'next →'.endsWith('→');",
      "export default { total, arrow, astral: 'Kente 🧵', jsx: ['Agbada', '…'].join(' ') };",
    ].join("\n");
    const ascii = asciiOnly(source, "page.js");

    expect(ascii).not.toMatch(/[^\p{ASCII}]/u);
    expect(ascii).toContain("\\u20b5");
    expect(await defaultExport(ascii)).toEqual(await defaultExport(source));
    expect(await defaultExport(ascii)).toEqual({ total: "₵1,250.00 – paid", arrow: true, astral: "Kente 🧵", jsx: "Agbada …" });
  });

  it("leaves a file that is already ASCII as it is", () => {
    const source = 'export default "GHS 1,250.00";';
    expect(asciiOnly(source, "plain.js")).toBe(source);
  });

  it("refuses a tagged template whose raw text holds the character, naming the file", () => {
    const source = "const raw = String.raw`₵ ${1}`;\nexport default raw;";
    expect(() => asciiOnly(source, "build/server/index.js")).toThrow(/^build\/server\/index\.js: escaping its non-ASCII characters/);
  });

  it("refuses a regular expression holding one: its source text would change", () => {
    expect(() => asciiOnly("export default /→/.source;", "c.js")).toThrow(/would change what the program does/);
  });

  it("refuses a character whose escape would mean something else where it stands", () => {
    // After a backslash the escape's "u" would be read as the escaped character.
    expect(() => asciiOnly('export default "\\₵";', "a.js")).toThrow(/would change what the program does/);
    // A line separator ends a line comment; its escape would not.
    expect(() => asciiOnly("// note\u2028export default 1;", "b.js")).toThrow(/would change what the program does/);
  });
});
