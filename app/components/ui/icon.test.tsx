import fs from "node:fs";
import path from "node:path";
import { Star, Truck } from "lucide";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "./icon";

describe("Icon", () => {
  it("draws lucide's shapes as an SVG in the current colour, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(<Icon of={Truck} className="size-5 text-forest" />);
    expect(html).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    // Outlined in the current colour: the `icon` class (app.css) gives fill and stroke.
    expect(html).toContain('class="icon size-5 text-forest"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain("role=");
    // Every shape of the icon, with its own attributes.
    expect(html.match(/<(path|circle)\b/g)).toHaveLength(Truck.length);
    expect(html).toContain(`d="${Truck[0]![1].d}"`);
  });

  it("names the icon as an image when given a label", () => {
    const html = renderToStaticMarkup(<Icon of={Star} aria-label="With a photo" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="With a photo"');
    expect(html).not.toContain("aria-hidden");
    expect(html.match(/<path\b/g)).toHaveLength(Star.length);
  });

  it("gives the icon class the outline lucide draws", () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");
    const rule = /\.icon \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toContain("fill: none");
    expect(rule).toContain("stroke: currentColor");
    expect(rule).toContain("stroke-linecap: round");
    expect(rule).toContain("stroke-linejoin: round");
  });

  it("draws each style of an icon as it was asked, however many times and in whatever order", () => {
    const styles = ["size-4", "size-4 fill-gold", "size-3.5"];
    for (let round = 0; round < 3; round++) {
      for (const [index, className] of styles.entries()) {
        const strokeWidth = index === 1 ? 1.5 : 2;
        const html = renderToStaticMarkup(<Icon of={Star} className={className} strokeWidth={strokeWidth} />);
        expect(html).toContain(`class="icon ${className}"`);
        expect(html).toContain(`stroke-width="${strokeWidth}"`);
      }
    }
  });
});
