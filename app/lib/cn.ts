import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names; when two Tailwind classes set the same thing under the same variants, the
 * later one wins (`cn("h-12 px-6", className)` with `className="h-auto"` gives `px-6 h-auto`).
 * A small stand-in for tailwind-merge (decision 010): it knows the utilities this shop writes,
 * and `cn.test.ts` holds it to tailwind-merge for every pair of classes found in `app/`.
 * A class it does not recognise is kept as written.
 */
export function cn(...inputs: ClassValue[]): string {
  // A page render calls cn a few hundred times with a few dozen distinct lists of classes: the
  // merged list is remembered by what clsx joined, so each distinct list is merged once.
  const joined = clsx(inputs);
  let merged = mergedByJoined.get(joined);
  if (merged === undefined) {
    merged = merge(joined);
    if (mergedByJoined.size >= 5000) mergedByJoined.clear();
    mergedByJoined.set(joined, merged);
  }
  return merged;
}

const mergedByJoined = new Map<string, string>();

function merge(joined: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = joined.split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const name = classes[index]!;
    if (!name) continue;
    const keys = conflictKeys(name);
    if (keys) {
      if (taken.has(keys[0]!)) continue;
      for (const key of keys) taken.add(key);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

const keysByClass = new Map<string, string[] | null>();

/** The class's variants and group, then the same variants with each group it overrides. */
function conflictKeys(name: string): string[] | null {
  let keys = keysByClass.get(name);
  if (keys === undefined) {
    const groups = classGroups(name);
    const variants = groups ? variantKey(name) : "";
    keys = groups ? groups.map((group) => variants + group) : null;
    // The shop writes about a thousand different classes; the cap only guards against surprises.
    if (keysByClass.size >= 5000) keysByClass.clear();
    keysByClass.set(name, keys);
  }
  return keys;
}

/** Everything before the utility (`md:hover:`), sorted where order does not matter, and `!`. */
function variantKey(name: string): string {
  const parts = splitVariants(name);
  const utility = parts.pop()!;
  const sorted: string[] = [];
  let run: string[] = [];
  for (const part of parts) {
    if (part[0] === "[" || orderSensitive.has(part)) {
      sorted.push(...run.sort(), part);
      run = [];
    } else run.push(part);
  }
  sorted.push(...run.sort());
  return sorted.join(":") + (utility.startsWith("!") || utility.endsWith("!") ? "!" : "") + ":";
}

const orderSensitive = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "details-content",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

/** Splits `md:data-[state=open]:bg-sand` at the colons outside brackets. */
function splitVariants(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index++) {
    const char = name[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      parts.push(name.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(name.slice(start));
  return parts;
}

const sides = ["t", "r", "b", "l", "s", "e"];
const boxSides = (group: string) => [group, ...["x", "y", ...sides].map((side) => group + side)];
/** What a group overrides besides itself: `p-4` after `px-2` drops it, not the other way round. */
const overrides: Record<string, string[]> = {
  p: boxSides("p").slice(1),
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: boxSides("m").slice(1),
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  "border-w": boxSides("border-w-").slice(1),
  "border-w-x": ["border-w-r", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": boxSides("border-color-").slice(1),
  "border-color-x": ["border-color-r", "border-color-l", "border-color-s", "border-color-e"],
  "border-color-y": ["border-color-t", "border-color-b"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left", "start", "end"],
  "inset-y": ["top", "bottom"],
  rounded: ["s", "e", ...sides, "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].map((corner) => "rounded-" + corner),
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  size: ["w", "h"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  flex: ["basis", "grow", "shrink"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  translate: ["translate-x", "translate-y", "translate-none"],
};

/** Utilities that are one word, or one word and a fixed value, and the group each belongs to. */
const keywords = new Map<string, string>();
const keywordGroups: [string, string][] = [
  ["display", "block inline inline-block inline-flex inline-grid flex grid hidden table table-cell table-row contents flow-root list-item"],
  ["position", "static fixed absolute relative sticky"],
  ["visibility", "visible invisible collapse"],
  ["text-transform", "uppercase lowercase capitalize normal-case"],
  ["font-style", "italic not-italic"],
  ["text-decoration", "underline overline line-through no-underline"],
  ["text-overflow", "truncate text-ellipsis text-clip"],
  ["sr", "sr-only not-sr-only"],
  ["fvn-figure", "lining-nums oldstyle-nums"],
  ["fvn-spacing", "proportional-nums tabular-nums"],
  ["flex-direction", "flex-row flex-row-reverse flex-col flex-col-reverse"],
  ["flex-wrap", "flex-wrap flex-nowrap flex-wrap-reverse"],
  ["border-style", "border-solid border-dashed border-dotted border-double border-hidden border-none"],
  ["border-collapse", "border-collapse border-separate"],
  ["table-layout", "table-auto table-fixed"],
  ["object-fit", "object-contain object-cover object-fill object-none object-scale-down"],
  ["outline-style", "outline-none outline-hidden outline-solid outline-dashed outline-dotted outline-double"],
  ["ring-w-inset", "ring-inset"],
  ["snap-type", "snap-x snap-y snap-both snap-none"],
  ["snap-strictness", "snap-mandatory snap-proximity"],
  ["snap-align", "snap-start snap-end snap-center snap-align-none"],
  ["snap-stop", "snap-always snap-normal"],
  ["list-style-type", "list-disc list-decimal list-none"],
  ["list-style-position", "list-inside list-outside"],
  ["isolation", "isolate isolation-auto"],
  ["shadow", "shadow"],
  ["ring-w", "ring"],
  ["outline-w", "outline"],
  ["border-w", "border"],
  ["rounded", "rounded"],
  ["transition", "transition"],
  ["grow", "grow"],
  ["shrink", "shrink"],
  ["blur", "blur"],
  ["backdrop-blur", "backdrop-blur"],
];
for (const [group, names] of keywordGroups) for (const name of names.split(" ")) keywords.set(name, group);

/** Lengths: `4`, `0.5`, `1/2`, `px`, `full`, `screen`, `md`, `[18px]` … */
const length = /^(\d|\[|\(|(px|full|auto|screen|min|max|fit|[dsl]v[hw]|\d?xs|sm|md|lg|\d?xl|prose|none)$)/;
const anything = /./;
const alignment = /^(start|end|center|between|around|evenly|stretch|baseline|normal)/;

/** `prefix-value` is in the group named prefix when its value passes the test. */
const prefixes = new Map<string, RegExp>();
const prefixGroups: [RegExp, string][] = [
  [
    length,
    "p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me w h size min-w min-h max-w max-h inset inset-x inset-y top right " +
      "bottom left start end gap gap-x gap-y space-x space-y translate-x translate-y basis scroll-m scroll-mx scroll-my " +
      "scroll-mt scroll-mr scroll-mb scroll-ml scroll-p scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl",
  ],
  [
    anything,
    "z opacity leading tracking duration delay ease cursor select resize appearance accent caret origin rotate whitespace " +
      "break wrap float clear fill stroke self align columns grow shrink col-span col-start col-end row-span row-start " +
      "row-end grid-cols grid-rows grid-flow justify-items justify-self place-content place-items place-self " +
      "pointer-events underline-offset line-clamp backdrop-blur blur overflow overflow-x overflow-y overscroll overscroll-x " +
      "overscroll-y touch aspect scale scale-x scale-y skew-x skew-y transition rounded rounded-t rounded-r rounded-b " +
      "rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl rounded-ss rounded-se rounded-ee rounded-es",
  ],
  [/^(\d|first$|last$|none$|\[)/, "order"],
  [/^((spin|ping|pulse|bounce|none)$|\[)/, "animate"],
  [alignment, "items justify align-content"],
];
for (const [test, names] of prefixGroups) for (const name of names.split(" ")) prefixes.set(name, test);

const textSize = /^(xs|sm|base|lg|\d?xl|\[(\d|length:|calc|var|clamp))/;
const fontWeight = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d)/;
const width = /^(\d|\[(\d|length:))/;
const shadowSize = /^(2xs|xs|sm|md|lg|xl|2xl|inner|none|\[)/;

/**
 * The group a class belongs to and the groups it overrides, or undefined for a class this
 * helper does not know (kept as written).
 */
function classGroups(name: string): string[] | undefined {
  const utility = splitVariants(name).pop()!.replace(/^!|!$/g, "").replace(/^-/, "");
  const group = groupOf(utility);
  return group === undefined ? undefined : [group, ...(overrides[group] ?? [])];
}

function groupOf(utility: string): string | undefined {
  const keyword = keywords.get(utility);
  if (keyword) return keyword;
  // An arbitrary property, `[scrollbar-width:none]`: grouped by the property.
  if (/^\[[a-z-]+:[^\]]+\]$/.test(utility)) return utility.slice(0, utility.indexOf(":"));
  const dash = utility.indexOf("-");
  if (dash < 1 || dash === utility.length - 1) return undefined;
  const head = utility.slice(0, dash);
  const value = utility.slice(dash + 1);
  const secondDash = value.indexOf("-");
  if (secondDash > 0) {
    const prefix = utility.slice(0, dash + 1 + secondDash);
    const test = prefixes.get(prefix);
    if (test) return test.test(value.slice(secondDash + 1)) ? prefix : undefined;
  }
  const test = prefixes.get(head === "content" ? "align-content" : head);
  if (test) return test.test(value) ? (head === "content" ? "align-content" : head) : undefined;
  const second = secondDash > 0 ? value.slice(0, secondDash) : value;
  switch (head) {
    case "flex":
      return "flex";
    case "object":
      return "object-position";
    case "text":
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      return textSize.test(value) ? "font-size" : "text-color";
    case "font":
      return fontWeight.test(value) ? "font-weight" : "font-family";
    case "bg":
      // As tailwind-merge has it: `bg-gradient-to-t` counts as a colour.
      if (/^(linear|radial|conic|none|\[url)/.test(value)) return "bg-image";
      if (/^(cover|contain|auto)$/.test(value)) return "bg-size";
      return "bg-color";
    case "from":
    case "via":
    case "to":
      return "gradient-" + head + (/^\d+%$/.test(value) ? "-pos" : "");
    case "border": {
      const side = /^[xytrblse]$/.test(second) ? second : "";
      const rest = side ? value.slice(side.length + 1) : value;
      return (rest === "" || width.test(rest) ? "border-w" : "border-color") + (side ? "-" + side : "");
    }
    case "divide":
      return /^[xy]$/.test(second) ? "divide-" + second : "divide-color";
    case "ring":
      if (second === "offset") return width.test(value.slice(7)) ? "ring-offset-w" : "ring-offset-color";
      return width.test(value) ? "ring-w" : "ring-color";
    case "outline":
      if (second === "offset") return "outline-offset";
      return width.test(value) ? "outline-w" : "outline-color";
    case "shadow":
      return shadowSize.test(value) ? "shadow" : "shadow-color";
    case "list":
      return "list-style-type";
  }
  return undefined;
}
