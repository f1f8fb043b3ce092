import { transformSync } from "esbuild";

/**
 * The server's built JavaScript with every character outside ASCII written as a `\uXXXX` escape.
 *
 * V8 keeps each loaded script's source text in the heap for as long as the process runs, and
 * stores a text with even one character past U+00FF (a "₵" in a price, a "→" or "—" in a
 * comment) at two bytes a character: the server's bundle alone, 2 M characters, took 4.1 MB
 * instead of 2.1 (docs/performance.md). Escaped, the same program is pure ASCII and kept at one
 * byte a character.
 *
 * Only the characters change, never the program: inside strings, untagged templates and
 * identifiers an escape means the character itself, and in a comment it is only text. Where the
 * text itself can be read (a tagged template's raw strings, a regular expression's `source`), the
 * rewrite is refused: esbuild minifies the file before and after, and the two must come out the
 * same.
 */
export function asciiOnly(source: string, fileName: string): string {
  const escaped = source.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (escaped === source) return source;
  if (minified(escaped, fileName) !== minified(source, fileName)) {
    throw new Error(
      `${fileName}: escaping its non-ASCII characters would change what the program does (a tagged template's raw text, or a regular expression?). ` +
        "Write that text another way, or leave this file out of the ASCII step in scripts/build-server.ts.",
    );
  }
  return escaped;
}

/**
 * The program as esbuild reads it: comments gone, every string written one way. Names are kept:
 * esbuild picks short names by how often each letter occurs, comments included.
 */
function minified(source: string, fileName: string): string {
  return transformSync(source, { loader: "js", format: "esm", minifyWhitespace: true, charset: "ascii", sourcefile: fileName }).code;
}
