import { readBuildFile } from "./build-file";

/**
 * The app's stylesheet taken apart at build time (`vite-page-styles.ts`), so the server can put
 * into a page only the rules its scripts can use.
 *
 * - `stylesheets`: by stylesheet href, its rules in their order. A rule is the text of one style
 *   rule (or a whole at-rule such as `@font-face`), the at-rules it sits in (an index into
 *   `wrappers`), and the classes it needs: any one of the lists, all of that list's classes; `null`
 *   when it needs none (`html`, `*`, `:root`, `@property`).
 * - `scripts`: by script href, the classes of those stylesheets its text mentions.
 * - `loads`: by script href, the scripts it imports, at once or later (the cart, a menu, a dialog).
 */
/** Written by the build beside the browser's files (`build/page-styles.json`), where nothing serves it. */
export const PAGE_STYLES_FILE = "page-styles.json";

export interface PageStylesIndex {
  version: 2;
  wrappers: string[][];
  stylesheets: Record<string, StyleRule[]>;
  scripts: Record<string, string[]>;
  loads: Record<string, string[]>;
}
export type StyleRule = [wrapper: number, text: string, needs: string[][] | null];

/**
 * The rules of a stylesheet a page can use: those whose classes all appear in the scripts the
 * page loads, or can load later without leaving it. Every component a page renders, on the
 * server, after hydration or when a panel opens, is in those scripts, and a class is written in
 * them as it is in the markup, so nothing the page shows loses its style. Null when the
 * stylesheet or a script is not in the index (a build that did not write one): the caller then
 * uses the whole stylesheet.
 */
export function pageStylesheet(index: PageStylesIndex, href: string, scripts: readonly string[]): string | null {
  const rules = index.stylesheets[href];
  if (!rules || scripts.length === 0) return null;
  const classes = new Set<string>();
  const seen = new Set<string>();
  const visit = (script: string): boolean => {
    if (seen.has(script)) return true;
    seen.add(script);
    const mentioned = index.scripts[script];
    if (!mentioned) return false;
    for (const name of mentioned) classes.add(name);
    return (index.loads[script] ?? []).every(visit);
  };
  if (!scripts.every(visit)) return null;

  const out: string[] = [];
  let open: readonly string[] = [];
  for (const [wrapper, text, needs] of rules) {
    if (needs && !needs.some((all) => all.every((name) => classes.has(name)))) continue;
    // Rules kept side by side inside the same at-rules share one copy of them.
    const path = index.wrappers[wrapper] ?? [];
    let common = 0;
    while (common < open.length && common < path.length && open[common] === path[common]) common++;
    for (let i = open.length; i > common; i--) out.push("}");
    for (let i = common; i < path.length; i++) out.push(path[i]!, "{");
    out.push(text);
    open = path;
  }
  for (let i = open.length; i > 0; i--) out.push("}");
  return out.join("");
}

/** The index the build wrote beside the client's files, or null (a build without one, a dev server). */
export function readPageStylesIndex(file: string): PageStylesIndex | null {
  return readBuildFile<PageStylesIndex>(file, 2);
}
