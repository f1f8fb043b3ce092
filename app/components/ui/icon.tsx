import type { IconNode } from "lucide";
import { createElement, type ReactElement } from "react";
import { escapeHtml } from "~/lib/escape-html";

export type { IconNode };

export interface IconProps {
  /** What to draw: an icon of the `lucide` package, e.g. `import { Truck } from "lucide"`. */
  of: IconNode;
  className?: string;
  strokeWidth?: number;
  /** Names the icon for assistive technology; without it the icon is decoration and hidden. */
  "aria-label"?: string;
}

/** The most styles one icon is remembered in (a guard: styles come from the code, a few each). */
const STYLES_PER_ICON = 32;
const drawnByIcon = new WeakMap<IconNode, Map<string, ReactElement>>();

/**
 * A lucide icon as an inline SVG, drawn in the current colour (`text-*`) at the size its class
 * gives (`size-4`). Decorative icons are drawn once per icon, class and stroke and the same SVG
 * element is returned afterwards: a storefront page draws some fifty icons, and lucide-react's
 * component rebuilt every one's attributes on every render (about 8 % of a page's server CPU).
 */
export function Icon({ of: node, className = "", strokeWidth = 2, "aria-label": label }: IconProps) {
  if (label) return draw(node, className, strokeWidth, label);
  let drawn = drawnByIcon.get(node);
  if (!drawn) drawnByIcon.set(node, (drawn = new Map()));
  const style = `${strokeWidth} ${className}`;
  let svg = drawn.get(style);
  if (!svg) {
    svg = draw(node, className, strokeWidth, undefined);
    if (drawn.size < STYLES_PER_ICON) drawn.set(style, svg);
  }
  return svg;
}

/**
 * The SVG element. Its shapes are written as markup, not as elements: React's server renderer
 * spends a few microseconds on every element and attribute, and a search page's fifty icons
 * were a tenth of its render (docs/performance.md, "2026-11-27, evening"). For the same reason
 * lucide's fill, stroke colour and stroke ends come from the `icon` class (app.css) rather
 * than four attributes on every icon; a `fill-*` or `stroke-*` class still overrides them.
 */
function draw(node: IconNode, className: string, strokeWidth: number, label: string | undefined): ReactElement {
  return createElement("svg", {
    width: 24,
    height: 24,
    viewBox: "0 0 24 24",
    strokeWidth,
    className: className ? `icon ${className}` : "icon",
    ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true }),
    dangerouslySetInnerHTML: { __html: shapesMarkup(node) },
  });
}

const markupByIcon = new WeakMap<IconNode, string>();

/** An icon's shapes as SVG markup (lucide's data: tag names and attributes as SVG spells them), made once. */
function shapesMarkup(node: IconNode): string {
  let markup = markupByIcon.get(node);
  if (markup === undefined) {
    markup = node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
          .join("");
        return `<${tag}${written}></${tag}>`;
      })
      .join("");
    markupByIcon.set(node, markup);
  }
  return markup;
}
