import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Docs and code comments cite only files in the repository (issue 44): a reader of a fresh clone
 * must find what is cited. A rule from outside is copied into docs/product-rules.md or a
 * decision (docs/decisions/) in our words, and cited there.
 *
 * Read: every tracked Markdown file whole, and the comments of every tracked source file. Refused:
 * an absolute path of this machine (`/work/…`), a path that climbs out of the repository
 * (`../shared/…`, the team's `shared/` folder), and any `*.md` file no tracked file is named.
 * Web addresses are not paths and are left out. The CI's own script (`.ci/`) is not the project's docs.
 */
const root = path.resolve(import.meta.dirname, "..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
const markdownNames = new Set(tracked.filter((file) => file.endsWith(".md")).map((file) => path.basename(file)));
const thisFile = path.relative(root, import.meta.filename);

const OUTSIDE = [
  { pattern: /(^|[\s`("'])\/work\//, why: "an absolute path of this machine" },
  { pattern: /\.\.\/shared\b/, why: "a path out of the repository" },
  { pattern: /(^|[\s`("'])shared\/(?![\w-]+\.(ts|tsx)\b)/, why: "the team's shared/ folder, outside the repository" },
];

/** The comment text of a source file, line by line (other lines empty, so numbers stay right). */
function commentLines(text: string): string[] {
  return text.split("\n").map((line) => {
    const trimmed = line.trim();
    if (/^(\/\*|\*|#(?!!))/.test(trimmed)) return trimmed;
    const at = line.indexOf("//");
    return at >= 0 && line[at - 1] !== ":" ? line.slice(at) : "";
  });
}

function citationsOutside(): string[] {
  const found: string[] = [];
  for (const file of tracked) {
    if (file === thisFile || file.startsWith(".ci/") || file.startsWith("patches/")) continue;
    const markdown = file.endsWith(".md");
    if (!markdown && !/\.(ts|tsx|js|mjs|cjs|sh|ya?ml)$/.test(file)) continue;
    if (!fs.existsSync(path.join(root, file))) continue;
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const lines = markdown ? text.split("\n") : commentLines(text);
    lines.forEach((raw, index) => {
      const line = raw.replace(/https?:\/\/\S+/g, "");
      for (const { pattern, why } of OUTSIDE) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${why}: ${raw.trim()}`);
      for (const [name] of line.matchAll(/[\w.-]+\.md\b/g)) {
        if (!markdownNames.has(name)) found.push(`${file}:${index + 1}: ${name} is no file of the repository: ${raw.trim()}`);
      }
    });
  }
  return found;
}

describe("citations in docs and comments", () => {
  it("cite only files in the repository", () => {
    expect(citationsOutside(), "cite the rule where the repository keeps it (docs/product-rules.md, docs/decisions/)").toEqual([]);
  });
});
