/**
 * The product photograph: one garment floating on a warm studio backdrop, 4:5.
 */
import type { GarmentShape, TextilePattern } from "../../db/seed/catalog-data";
import { drawGarment, type GarmentStyle } from "./garments";
import { Defs, PALETTE, blurFilter, luminance, mix, n, svgDoc } from "./util";

export interface ProductArtInput {
  garment: GarmentShape;
  pattern: TextilePattern;
  base: string;
  seed: string;
  style?: GarmentStyle;
}

/** The studio backdrop colours, tuned so light and dark garments both stand out. */
export function backdropColors(base: string): { top: string; bottom: string; floor: string } {
  const l = luminance(base);
  if (l > 0.42) {
    return {
      top: mix("#D3C2A2", base, 0.04),
      bottom: mix("#BCA782", base, 0.05),
      floor: mix("#B09872", base, 0.05),
    };
  }
  return {
    top: mix(PALETTE.ivory, base, 0.05),
    bottom: mix(PALETTE.sand, base, 0.08),
    floor: mix("#DCCBAC", base, 0.08),
  };
}

export function studioBackdrop(defs: Defs, base: string, W = 800, H = 1000): string {
  const c = backdropColors(base);
  const bg = defs.id("bg");
  const floor = defs.id("fl");
  const vig = defs.id("vg");
  const glow = defs.id("gl");
  defs.add(
    `<linearGradient id="${bg}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.top}"/><stop offset="1" stop-color="${c.bottom}"/></linearGradient>` +
      `<linearGradient id="${floor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.floor}" stop-opacity="0"/><stop offset="0.25" stop-color="${c.floor}" stop-opacity="0.9"/><stop offset="1" stop-color="${mix(c.floor, "#000", 0.08)}"/></linearGradient>` +
      `<radialGradient id="${vig}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#2A1D10" stop-opacity="0.16"/></radialGradient>` +
      `<radialGradient id="${glow}" cx="0.5" cy="0.38" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.4"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const archW = W * 0.64;
  const ax = (W - archW) / 2;
  const ar = archW / 2;
  const top = H * 0.1 + ar;
  const arch = `M${n(ax)},${n(H)} L${n(ax)},${n(top)} A${n(ar)},${n(ar)} 0 0 1 ${n(ax + archW)},${n(top)} L${n(ax + archW)},${n(H)} Z`;
  return (
    `<rect width="${W}" height="${H}" fill="url(#${bg})"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${glow})"/>` +
    `<path d="${arch}" fill="#fff" opacity="0.16"/>` +
    `<path d="${arch}" fill="none" stroke="${mix(c.bottom, "#000", 0.1)}" stroke-opacity="0.35" stroke-width="1.2"/>` +
    `<rect y="${n(H * 0.84)}" width="${W}" height="${n(H * 0.16)}" fill="url(#${floor})"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${vig})"/>`
  );
}

/** A garment fitted into a box; returns the group markup and its floor line. */
export function placedGarment(
  defs: Defs,
  input: ProductArtInput,
  box: { cx: number; top: number; height: number; maxWidth?: number },
  shadow: { floor: boolean; wall: boolean; dim?: number; floorColor?: string } = { floor: true, wall: true },
): string {
  const art = drawGarment(defs, input);
  const [t, b] = art.extent;
  const s = Math.min(box.height / (b - t), (box.maxWidth ?? Infinity) / (2 * art.halfWidth));
  const top = box.top + (box.height - (b - t) * s) / 2;
  const tf = `translate(${n(box.cx)},${n(top)}) scale(${n(s)}) translate(-400,${n(-t)})`;
  // one element per outline: a single path would cancel where mirrored pieces overlap
  const sil = art.silhouette
    .split(/(?=M)/)
    .map((d) => `<path d="${d.trim()}"/>`)
    .join("");
  let out = "";
  if (shadow.floor) {
    const blur = blurFilter(defs, 14);
    out += `<g transform="${tf}"><ellipse cx="400" cy="${n(b + 50)}" rx="230" ry="20" fill="${shadow.floorColor ?? "#2A1C10"}" opacity="0.3" filter="url(#${blur})"/></g>`;
  }
  if (shadow.wall) {
    const blur = blurFilter(defs, 16);
    out += `<g transform="${tf}"><g opacity="0.2" filter="url(#${blur})"><g fill="#2A1C10" transform="translate(14,18)">${sil}</g></g></g>`;
  }
  const dim = shadow.dim ? `<g fill="#050805" opacity="${n(shadow.dim)}">${sil}</g>` : "";
  out += `<g transform="${tf}">${art.svg}${dim}</g>`;
  return out;
}

export function productSvg(input: ProductArtInput, width: number, height: number): string {
  const defs = new Defs("a");
  const bg = studioBackdrop(defs, input.base);
  const g = placedGarment(defs, input, { cx: 400, top: 118, height: 722, maxWidth: 610 });
  return svgDoc(width, height, 800, 1000, `${defs}${bg}${g}`);
}
