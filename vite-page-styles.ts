import * as csstree from "css-tree";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { PAGE_STYLES_FILE, type PageStylesIndex, type StyleRule } from "./server/page-styles.ts";

/**
 * Writes, for the server, the app's stylesheet taken apart rule by rule with the classes each
 * rule needs, the classes each script mentions and the scripts each one loads
 * (server/page-styles.ts, decision 019). A page then carries inline only the rules its scripts
 * can use: 66–73 KB of the 105 KB stylesheet. Parsing CSS is done here, once, by css-tree: the
 * server only compares sets of class names. The islands' build (vite-islands.ts) adds its own
 * scripts to the index once this one is written.
 */
export function pageStylesIndex(): Plugin {
  let index: PageStylesIndex | undefined;
  return {
    name: "ahenfie:page-styles",
    apply: "build",
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      index = { version: 2, wrappers: [], stylesheets: {}, scripts: {}, loads: {} };
      const styled = new Set<string>();
      for (const file of files) {
        if (file.type !== "asset" || !file.fileName.endsWith(".css")) continue;
        const css = typeof file.source === "string" ? file.source : Buffer.from(file.source).toString("utf8");
        index.stylesheets[`/${file.fileName}`] = splitStylesheet(css, index.wrappers, styled);
      }
      const chunks = files.filter((file) => file.type === "chunk");
      for (const file of chunks) {
        index.scripts[`/${file.fileName}`] = mentionedClasses(file.code, styled);
        index.loads[`/${file.fileName}`] = [...file.imports, ...file.dynamicImports].map((name) => `/${name}`);
      }
    },
    writeBundle(options) {
      if (!index || !options.dir) return;
      fs.writeFileSync(path.join(options.dir, "..", PAGE_STYLES_FILE), JSON.stringify(index));
    },
  };
}

/** At-rules whose block holds style rules, kept around the rules of theirs a page uses. */
const GROUPING_AT_RULES = new Set(["media", "supports", "layer", "container", "scope", "starting-style"]);

/**
 * A stylesheet's rules in order, each with the at-rules around it (an index into `wrappers`,
 * shared between stylesheets) and the classes it needs; every class a rule names goes into `styled`.
 */
export function splitStylesheet(css: string, wrappers: string[][], styled: Set<string>): StyleRule[] {
  const ast = csstree.parse(css, { parseValue: false, parseAtrulePrelude: false, parseCustomProperty: false });
  const wrapperIds = new Map(wrappers.map((path, id) => [path.join("\u0000"), id]));
  const wrapperId = (path: string[]) => {
    const key = path.join("\u0000");
    let id = wrapperIds.get(key);
    if (id === undefined) {
      id = wrappers.push(path) - 1;
      wrapperIds.set(key, id);
    }
    return id;
  };

  const rules: StyleRule[] = [];
  const visit = (nodes: csstree.List<csstree.CssNode>, path: string[]) => {
    nodes.forEach((node) => {
      if (node.type === "Rule") {
        const needs = selectorListNeeds(node.prelude);
        for (const names of needs ?? []) for (const name of names) styled.add(name);
        rules.push([wrapperId(path), csstree.generate(node), needs]);
      } else if (node.type === "Atrule" && node.block && GROUPING_AT_RULES.has(node.name.toLowerCase())) {
        const prelude = node.prelude ? ` ${csstree.generate(node.prelude)}` : "";
        visit(node.block.children, [...path, `@${node.name}${prelude}`]);
      } else {
        // @font-face, @keyframes, @property, `@layer a, b;`, the licence comment: always kept.
        rules.push([wrapperId(path), csstree.generate(node), null]);
      }
    });
  };
  visit((ast as csstree.StyleSheet).children, []);
  return rules;
}

/** Pseudo-classes that match when one of their selectors does; `:not()` needs nothing of a page. */
const MATCHES_ANY = new Set(["is", "where", "has", "matches", "any", "-webkit-any", "-moz-any"]);

/**
 * What a rule's selectors need: one list of classes per way the rule can apply (any one list,
 * all of its classes), or null when one of its selectors names no class (`html`, `:root`, `*`).
 */
function selectorListNeeds(prelude: csstree.CssNode): string[][] | null {
  const needs = alternatives(prelude);
  return needs.some((names) => names.length === 0) ? null : needs;
}

function alternatives(node: csstree.CssNode): string[][] {
  if (node.type === "SelectorList") {
    const all: string[][] = [];
    node.children.forEach((selector) => void all.push(...alternatives(selector)));
    return all;
  }
  if (node.type !== "Selector") return [[]]; // unparsed (Raw): assumed to need nothing
  let needs: string[][] = [[]];
  node.children.forEach((part) => {
    if (part.type === "ClassSelector") {
      const name = csstree.ident.decode(part.name);
      needs = needs.map((names) => [...names, name]);
    } else if (part.type === "PseudoClassSelector" && part.children && MATCHES_ANY.has(part.name.toLowerCase())) {
      const inner: string[][] = [];
      part.children.forEach((child) => void inner.push(...alternatives(child)));
      if (inner.length > 0) needs = needs.flatMap((names) => inner.map((more) => [...names, ...more]));
    }
  });
  return needs;
}

/**
 * The styled classes a script mentions. Class names are written in the scripts as they are in
 * the markup, inside string or template literals, separated by white space (or by an escape
 * such as `\n` where the minifier wrote a line break), so splitting the text there and at quotes
 * finds every one, and some words that are not classes, which the set of styled names filters out.
 */
export function mentionedClasses(code: string, styled: Set<string>): string[] {
  const found = new Set<string>();
  for (const word of code.split(/(?:\\[nrtfv]|[\s"'`])+/)) if (styled.has(word)) found.add(word);
  return [...found].sort();
}
