/**
 * Campaign artwork: hero banners, collection teasers, the Open Graph card and the favicon.
 * All compositions reuse the garment illustrations on richer, darker sets.
 */
import { styleFromName } from "./garments";
import { placedGarment, type ProductArtInput } from "./product-scene";
import { adinkraTile, kenteAlign, kenteTile, patternFrom } from "./textiles";
import { Defs, PALETTE, blurFilter, mix, n, svgDoc } from "./util";

export type HeroName = "kaftans" | "suits" | "heritage";

interface SetDesign {
  left: string;
  right: string;
  glow: string;
  band: string;
  garments: [ProductArtInput, ProductArtInput, ProductArtInput];
}

const g = (garment: ProductArtInput["garment"], pattern: ProductArtInput["pattern"], base: string, name = ""): ProductArtInput => ({
  garment,
  pattern,
  base,
  seed: `${garment}:${pattern}:${base}`,
  style: styleFromName(name),
});

const HEROES: Record<HeroName, SetDesign> = {
  kaftans: {
    left: PALETTE.greenDark,
    right: "#134A37",
    glow: PALETTE.warmGold,
    band: PALETTE.green,
    garments: [g("kaftan", "adinkra", "#B5543A"), g("kaftan", "kente", "#C9A227"), g("kaftan", "embroidery", "#EFE6D2")],
  },
  suits: {
    left: "#0B1F19",
    right: "#1A2D27",
    glow: "#D9B55A",
    band: "#17171B",
    garments: [
      g("suit", "pinstripe", "#2E2F33", "Three-Piece Suit"),
      g("suit", "kente", "#17171B", "Kente Lapel Tuxedo"),
      g("suit", "kente", "#EEE6D3", "Kente Trim Wedding Suit"),
    ],
  },
  heritage: {
    left: "#1E120A",
    right: "#4A2B16",
    glow: "#E0A94B",
    band: PALETTE.brown,
    garments: [g("smock", "plain", "#2C3A5E"), g("agbada", "embroidery", "#F1E9D8"), g("smock", "kente", "#1F4D36")],
  },
};

/** An arch (doorway) path: centre x, width, spring line y, bottom y. */
function archPath(cx: number, w: number, spring: number, bottom: number): string {
  const r = w / 2;
  return `M${n(cx - r)},${n(bottom)} L${n(cx - r)},${n(spring)} A${n(r)},${n(r)} 0 0 1 ${n(cx + r)},${n(spring)} L${n(cx + r)},${n(bottom)} Z`;
}

/** A vertical kente band with gold pinlines and cylinder shading. */
function kenteBand(defs: Defs, base: string, x: number, w: number, h: number, scale: number): string {
  const pat = patternFrom(defs, `band:${base}:${scale}`, kenteTile(base), kenteAlign(x + w / 2, 0, scale));
  const shade = defs.once("band-shade", "g", (id) => {
    return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient>`;
  });
  const blur = blurFilter(defs, 10, [x - 100, -100, w + 200, h + 200]);
  return (
    `<rect x="${n(x + 8)}" y="0" width="${n(w)}" height="${h}" fill="#000" opacity="0.45" filter="url(#${blur})"/>` +
    `<rect x="${n(x)}" y="0" width="${n(w)}" height="${h}" fill="url(#${pat})"/>` +
    `<rect x="${n(x)}" y="0" width="${n(w)}" height="${h}" fill="url(#${shade})"/>` +
    `<rect x="${n(x - 5)}" y="0" width="2" height="${h}" fill="${PALETTE.gold}" opacity="0.8"/>` +
    `<rect x="${n(x + w + 3)}" y="0" width="2" height="${h}" fill="${PALETTE.gold}" opacity="0.8"/>`
  );
}

/** A dark set: gradient wall, adinkra texture, glowing arch and a floor. */
function darkSet(
  defs: Defs,
  W: number,
  H: number,
  set: { left: string; right: string; glow: string },
  arch: { cx: number; w: number; spring: number },
  calmLeft: number,
): string {
  const wall = defs.id("wall");
  const glow = defs.id("glow");
  const floor = defs.id("floor");
  const ramp = defs.id("ramp");
  const mask = defs.id("mask");
  const vig = defs.id("vig");
  defs.add(
    `<linearGradient id="${wall}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${set.left}"/><stop offset="${n(calmLeft)}" stop-color="${mix(set.left, set.right, 0.35)}"/><stop offset="1" stop-color="${set.right}"/></linearGradient>` +
      `<radialGradient id="${glow}" gradientUnits="userSpaceOnUse" cx="${n(arch.cx)}" cy="${n(H * 0.42)}" r="${n(arch.w * 0.95)}"><stop offset="0" stop-color="${set.glow}" stop-opacity="0.42"/><stop offset="0.55" stop-color="${set.glow}" stop-opacity="0.12"/><stop offset="1" stop-color="${set.glow}" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="${floor}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.3" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient>` +
      `<linearGradient id="${ramp}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="${n(calmLeft)}" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient>` +
      `<mask id="${mask}" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="url(#${ramp})"/></mask>` +
      `<radialGradient id="${vig}" cx="0.6" cy="0.5" r="0.85"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>`,
  );
  const adinkra = patternFrom(defs, `bg-adinkra:${set.glow}`, adinkraTile(set.glow, 0.09), "scale(1.5)");
  const a = archPath(arch.cx, arch.w, arch.spring, H);
  const a2 = archPath(arch.cx, arch.w + 40, arch.spring, H);
  return (
    `<rect width="${W}" height="${H}" fill="url(#${wall})"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${adinkra})" mask="url(#${mask})"/>` +
    `<path d="${a2}" fill="none" stroke="${set.glow}" stroke-opacity="0.25" stroke-width="2"/>` +
    `<path d="${a}" fill="${mix(set.right, "#000", 0.25)}" opacity="0.55"/>` +
    `<path d="${a}" fill="url(#${glow})"/>` +
    `<path d="${a}" fill="none" stroke="${set.glow}" stroke-opacity="0.55" stroke-width="3"/>` +
    `<rect y="${n(H * 0.86)}" width="${W}" height="${n(H * 0.14)}" fill="url(#${floor})"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${vig})"/>`
  );
}

/** Three garments: two behind, dimmed, and one in front. */
function trio(
  defs: Defs,
  garments: [ProductArtInput, ProductArtInput, ProductArtInput],
  cx: number,
  spread: number,
  top: number,
  height: number,
): string {
  const [l, c, r] = garments;
  const back = { floor: true, wall: false, dim: 0.24, floorColor: "#000" };
  const backH = height * 0.86;
  const backTop = top + height - backH - height * 0.02;
  return (
    placedGarment(defs, l, { cx: cx - spread, top: backTop, height: backH, maxWidth: backH * 0.6 }, back) +
    placedGarment(defs, r, { cx: cx + spread, top: backTop, height: backH, maxWidth: backH * 0.6 }, back) +
    placedGarment(defs, c, { cx, top, height, maxWidth: height * 0.7 }, { floor: true, wall: true, floorColor: "#000" })
  );
}

export function heroSvg(name: HeroName, width: number, height: number): string {
  const W = 1920;
  const H = 1080;
  const set = HEROES[name];
  const defs = new Defs("h");
  let body = darkSet(defs, W, H, set, { cx: 1420, w: 720, spring: 430 }, 0.45);
  body += kenteBand(defs, set.band, 890, 64, H, 1);
  body += trio(defs, set.garments, 1420, 275, 170, 790);
  // keep the text side calm and dark
  const calm = defs.id("calm");
  defs.add(
    `<linearGradient id="${calm}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${set.left}" stop-opacity="0.75"/><stop offset="0.3" stop-color="${set.left}" stop-opacity="0.35"/><stop offset="0.47" stop-color="${set.left}" stop-opacity="0"/></linearGradient>`,
  );
  body += `<rect width="${W}" height="${H}" fill="url(#${calm})"/>`;
  return svgDoc(width, height, W, H, `${defs}${body}`);
}

// ── collections (4:3) ────────────────────────────────────────────────────────

export type CollectionName = "kaftans" | "suits";

export function collectionSvg(name: CollectionName, width: number, height: number): string {
  const W = 1280;
  const H = 960;
  const defs = new Defs("c");
  const set =
    name === "kaftans"
      ? {
          left: "#3A2414",
          right: "#6B3F1D",
          glow: PALETTE.warmGold,
          garments: [g("kaftan", "adinkra", "#27365E"), g("kaftan", "embroidery", "#1E5E45"), g("kaftan", "mudcloth", "#6B3F1D")] as [
            ProductArtInput,
            ProductArtInput,
            ProductArtInput,
          ],
        }
      : {
          left: PALETTE.greenDark,
          right: "#145240",
          glow: PALETTE.warmGold,
          garments: [
            g("suit", "pinstripe", "#1D2840", "Pinstripe Suit"),
            g("suit", "kente", "#EEE6D3", "Kente Trim Wedding Suit"),
            g("suit", "ankara", "#24408E", "Double-Breasted Ankara Suit"),
          ] as [ProductArtInput, ProductArtInput, ProductArtInput],
        };
  let body = darkSet(defs, W, H, set, { cx: 640, w: 560, spring: 380 }, 0.2);
  body += kenteBand(defs, set.left === PALETTE.greenDark ? PALETTE.green : PALETTE.brown, 64, 56, H, 0.8);
  body += kenteBand(defs, set.left === PALETTE.greenDark ? PALETTE.green : PALETTE.brown, W - 120, 56, H, 0.8);
  body += trio(defs, set.garments, 640, 270, 110, 720);
  return svgDoc(width, height, W, H, `${defs}${body}`);
}

// ── Open Graph card ──────────────────────────────────────────────────────────

export function ogSvg(): string {
  const W = 1200;
  const H = 630;
  const defs = new Defs("o");
  const set = { left: PALETTE.greenDark, right: "#145240", glow: PALETTE.warmGold };
  let body = darkSet(defs, W, H, set, { cx: 600, w: 420, spring: 250 }, 0.2);
  body += trio(
    defs,
    [g("kaftan", "adinkra", "#B5543A"), g("kaftan", "kente", "#C9A227"), g("suit", "kente", "#17171B", "Kente Lapel Tuxedo")],
    600,
    250,
    50,
    480,
  );
  // a horizontal kente band along the bottom
  const pat = patternFrom(defs, "og-band", kenteTile(PALETTE.green), "translate(0,560) rotate(-90) scale(0.9)");
  body += `<rect y="562" width="${W}" height="68" fill="url(#${pat})"/>`;
  body += `<rect y="556" width="${W}" height="3" fill="${PALETTE.gold}"/>`;
  body += `<rect y="562" width="${W}" height="68" fill="#000" opacity="0.12"/>`;
  return svgDoc(W, H, W, H, `${defs}${body}`);
}

// ── favicon ──────────────────────────────────────────────────────────────────

/** Adinkrahene ("chief of the symbols") rings in kente gold on deep green. */
export function faviconSvg(rounded = true): string {
  const r = rounded ? ' rx="14"' : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64"${r} fill="${PALETTE.green}"/>` +
    `<g fill="none" stroke="${PALETTE.gold}"><circle cx="32" cy="32" r="21" stroke-width="4.5"/><circle cx="32" cy="32" r="12.5" stroke-width="4"/></g>` +
    `<circle cx="32" cy="32" r="5" fill="${PALETTE.warmGold}"/>` +
    `</svg>`
  );
}
