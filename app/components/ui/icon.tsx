import type { IconNode } from "lucide";
import { createElement, type ReactElement } from "react";

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

function draw(node: IconNode, className: string, strokeWidth: number, label: string | undefined): ReactElement {
  return createElement(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      width: 24,
      height: 24,
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      className: className || undefined,
      ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true }),
    },
    // lucide's attribute names are SVG's (stroke-width, fill-rule …); React wants camelCase.
    node.map(([tag, attributes], index) => createElement(tag, { key: index, ...reactAttributes(attributes) })),
  );
}

function reactAttributes(attributes: Record<string, string | number | undefined>) {
  const props: Record<string, string | number | undefined> = {};
  for (const [name, value] of Object.entries(attributes)) props[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  return props;
}
