/**
 * West African textile motifs as SVG pattern tiles: kente strip weaving, adinkra stamps,
 * ankara wax print, bogolan mudcloth, gold embroidery, pinstripe, fugu strips and a plain
 * twill texture. Tiles are drawn in artboard units (the 800×1000 product board).
 */
import { type Defs, KENTE, Rng, colorDistance, darken, hexToHsl, hslToHex, isLight, lighten, luminance, mix, n } from "./util";

export interface Tile {
  w: number;
  h: number;
  body: string;
}

/** Registers a tile as a <pattern>; identical tile + transform pairs share one id. */
export function patternFrom(defs: Defs, key: string, tile: Tile, transform = ""): string {
  return defs.once(`pat:${key}:${transform}`, "p", (id) => {
    const t = transform ? ` patternTransform="${transform}"` : "";
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(tile.w)}" height="${n(tile.h)}"${t}>${tile.body}</pattern>`;
  });
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;

// ── Kente ────────────────────────────────────────────────────────────────────

export interface KenteColors {
  base: string;
  block: string;
  m1: string;
  m2: string;
  m3: string;
}

/** Picks block and motif colours from the Asante palette that read against `base`. */
export function kenteColors(base: string): KenteColors {
  const far = (c: string, d = 95) => colorDistance(base, c) > d;
  const block = far(KENTE.gold, 120) ? KENTE.gold : KENTE.green;
  const dark = luminance(base) < 0.05;
  const m1 = dark ? (block === KENTE.gold ? KENTE.green : KENTE.black) : KENTE.black;
  const m2 = far(KENTE.red) ? KENTE.red : KENTE.green;
  const m3 = block === KENTE.gold ? (far(KENTE.green) ? KENTE.green : KENTE.blue) : KENTE.gold;
  return { base, block, m1: m1 === m2 ? KENTE.black : m1, m2, m3 };
}

const KENTE_S = 34; // strip width
const KENTE_H = 62; // section height

/**
 * Four hand-woven strips, each alternating a warp-faced section (fine vertical stripes on
 * the ground colour) with a weft-faced block (gold ground with zigzag, diamond, ladder or
 * check motifs). Neighbouring strips are offset, giving the classic checkerboard.
 */
export function kenteTile(base: string): Tile {
  const c = kenteColors(base);
  const S = KENTE_S;
  const H = KENTE_H;
  let out = "";
  const warp = (x0: number, y0: number, i: number) => {
    out += rect(x0, y0, S, H, c.base);
    const half: [number, number, string][] =
      i % 2 === 0
        ? [
            [1.8, 2, c.m1],
            [5, 1.2, c.block],
            [8, 2.6, c.m2],
            [12.6, 1.1, c.block],
          ]
        : [
            [2.2, 1.2, c.block],
            [5, 2.4, c.m3],
            [9.4, 1.2, c.m1],
            [12.4, 1.4, c.block],
          ];
    for (const [x, w, col] of half) {
      out += rect(x0 + x, y0, w, H, col);
      out += rect(x0 + S - x - w, y0, w, H, col);
    }
    out += rect(x0 + S / 2 - 1.5, y0, 3, H, i % 2 === 0 ? c.block : c.m2);
  };
  const weft = (x0: number, y0: number, motif: number) => {
    out += rect(x0, y0, S, H, c.block);
    // framing bars
    out += rect(x0, y0 + 3, S, 3.2, c.m1) + rect(x0, y0 + H - 6.2, S, 3.2, c.m1);
    out += rect(x0, y0 + 8.4, S, 1.6, c.m2) + rect(x0, y0 + H - 10, S, 1.6, c.m2);
    const cx = x0 + S / 2;
    const cy = y0 + H / 2;
    if (motif === 0) {
      // zigzag (nkyinkyim)
      const pts: string[] = [];
      for (let k = 0; k <= 6; k++) pts.push(`${n(x0 + (k * S) / 6)},${n(cy + (k % 2 ? -9 : 9))}`);
      out += `<polyline points="${pts.join(" ")}" fill="none" stroke="${c.m1}" stroke-width="3.6" stroke-linejoin="miter"/>`;
      out += `<polyline points="${pts.join(" ")}" fill="none" stroke="${c.m2}" stroke-width="1.2" transform="translate(0,6)"/>`;
    } else if (motif === 1) {
      // nested diamonds
      const d = (r: number, col: string) =>
        `<polygon points="${n(cx)},${n(cy - r * 1.25)} ${n(cx + r)},${n(cy)} ${n(cx)},${n(cy + r * 1.25)} ${n(cx - r)},${n(cy)}" fill="${col}"/>`;
      out += d(14, c.m1) + d(9.5, c.m2) + d(5, c.block) + d(2.2, c.m1);
    } else if (motif === 2) {
      // ladder of alternating weft bars
      for (let k = 0; k < 7; k++) {
        out += rect(x0, y0 + 14 + k * 5.2, S, 2.6, k % 2 ? c.m2 : c.m1);
      }
      out += rect(x0 + S / 2 - 3, y0 + 14, 6, H - 28, c.m3, ' opacity="0.9"');
    } else {
      // checks
      const q = S / 4;
      for (let r = 0; r < 4; r++)
        for (let k = 0; k < 4; k++) if ((r + k) % 2 === 0) out += rect(x0 + k * q, y0 + 15 + r * 8, q, 8, r % 2 ? c.m2 : c.m1);
    }
    // weft thread texture
    for (let y = y0 + 1.5; y < y0 + H; y += 3) out += rect(x0, y, S, 0.7, "#000", ' opacity="0.07"');
  };
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 2; j++) {
      const x0 = i * S;
      const y0 = j * H;
      if ((i + j) % 2 === 0) warp(x0, y0, i);
      else weft(x0, y0, i);
    }
    out += rect(i * S, 0, 0.9, 2 * H, darken(base, 0.6), ' opacity="0.45"');
  }
  return { w: 4 * S, h: 2 * H, body: out };
}

/** Transform that centres a kente strip on x = cx. */
export function kenteAlign(cx: number, y = 0, scale = 1, rotate = 0): string {
  const r = rotate ? ` rotate(${n(rotate)})` : "";
  return `translate(${n(cx - (KENTE_S * scale) / 2)},${n(y)})${r} scale(${n(scale)})`;
}

// ── Adinkra ──────────────────────────────────────────────────────────────────

/** Symbols drawn in a 44-unit box centred on 0,0, as stroked paths. */
const ADINKRA = {
  adinkrahene: `<circle r="18" fill="none" stroke-width="3.2"/><circle r="11.5" fill="none" stroke-width="3.2"/><circle r="5" fill="none" stroke-width="3"/><circle r="1.6" stroke="none"/>`,
  sankofa: `<path d="M0,-6 C-3,-15 -18,-17 -18.5,-4 C-19,6 -8,12 0,19 C8,12 19,6 18.5,-4 C18,-17 3,-15 0,-6 Z" fill="none" stroke-width="3"/><path d="M0,-6 C-1,3 -11,4 -11,-3 C-11,-8 -6,-9 -5,-5 M0,-6 C1,3 11,4 11,-3 C11,-8 6,-9 5,-5 M0,19 C-2,13 -7,12 -8,15 M0,19 C2,13 7,12 8,15" fill="none" stroke-width="2.4" stroke-linecap="round"/>`,
  dwennimmen: `<g fill="none" stroke-width="3" stroke-linecap="round"><path d="M2,-2 C4,-12 12,-19 17,-14 C21,-9 16,-3 11,-6.5 C9,-8 10.5,-11 13,-10.5"/><path d="M2,-2 C4,-12 12,-19 17,-14 C21,-9 16,-3 11,-6.5 C9,-8 10.5,-11 13,-10.5" transform="scale(-1,1)"/><path d="M2,-2 C4,-12 12,-19 17,-14 C21,-9 16,-3 11,-6.5 C9,-8 10.5,-11 13,-10.5" transform="scale(1,-1)"/><path d="M2,-2 C4,-12 12,-19 17,-14 C21,-9 16,-3 11,-6.5 C9,-8 10.5,-11 13,-10.5" transform="scale(-1,-1)"/></g><rect x="-2.4" y="-9" width="4.8" height="18" stroke="none"/>`,
  gyeNyame: `<ellipse rx="4.6" ry="10" stroke="none"/><g fill="none" stroke-width="3" stroke-linecap="round"><path d="M-4,-8 C-16,-12 -20,4 -10,8 C-6,10 -3,7 -5,4"/><path d="M4,8 C16,12 20,-4 10,-8 C6,-10 3,-7 5,-4"/><path d="M-6,-15 L6,-15 M-4,-19 L4,-19 M-6,15 L6,15 M-4,19 L4,19"/></g><circle cx="-14" cy="-12" r="2" stroke="none"/><circle cx="14" cy="12" r="2" stroke="none"/>`,
  nsoromma: `<path d="M0,-18 L4,-5 L17,-5 L7,3 L11,16 L0,8 L-11,16 L-7,3 L-17,-5 L-4,-5 Z" fill="none" stroke-width="2.8" stroke-linejoin="round"/><circle r="3" stroke="none"/>`,
} as const;

export function adinkraTile(ink: string, opacity: number, withGrid = true): Tile {
  const C = 66;
  const order: (keyof typeof ADINKRA)[] = ["gyeNyame", "sankofa", "dwennimmen", "adinkrahene"];
  let out = `<g fill="${ink}" stroke="${ink}" opacity="${n(opacity)}">`;
  order.forEach((sym, k) => {
    const cx = (k % 2) * C + C / 2 + 2;
    const cy = Math.floor(k / 2) * C + C / 2 + 2;
    out += `<g transform="translate(${cx},${cy}) scale(0.82)">${ADINKRA[sym]}</g>`;
  });
  if (withGrid) {
    // comb-drawn grid lines, three teeth wide
    for (const off of [0, C]) {
      for (const d of [1, 3.4, 5.8]) {
        out += `<rect x="${n(off + d)}" y="0" width="0.9" height="${2 * C}" stroke="none" opacity="0.55"/>`;
        out += `<rect x="0" y="${n(off + d)}" width="${2 * C}" height="0.9" stroke="none" opacity="0.55"/>`;
      }
    }
  }
  out += "</g>";
  return { w: 2 * C, h: 2 * C, body: out };
}

/** Ink that reads on the base: dark badie ink on light cloth, gold on dark cloth. */
export function adinkraInk(base: string): { ink: string; opacity: number } {
  if (isLight(base)) return { ink: "#2A1A10", opacity: 0.62 };
  if (luminance(base) > 0.12) return { ink: darken(base, 0.62), opacity: 0.7 };
  return { ink: "#D6AE4A", opacity: 0.55 };
}

// ── Ankara (wax print) ───────────────────────────────────────────────────────

export interface AnkaraColors {
  c1: string;
  c2: string;
  c3: string;
  c4: string;
}

export function ankaraColors(base: string): AnkaraColors {
  const [h, s, l] = hexToHsl(base);
  const warm = h < 60 || h > 330;
  const c1 = hslToHex(h + (warm ? 175 : 160), Math.max(0.5, Math.min(0.72, s + 0.1)), l < 0.3 ? 0.52 : 0.32);
  const goldish = colorDistance(base, "#D9A52E") < 110;
  const c2 = goldish ? "#1F5F6B" : "#E2A72E";
  const c3 = "#F3E6C8";
  const c4 = l < 0.2 ? "#0E0B09" : darken(base, 0.62);
  return { c1, c2, c3, c4 };
}

export function ankaraTile(base: string, seed: string): Tile {
  const { c1, c2, c3, c4 } = ankaraColors(base);
  const rng = new Rng(`ankara:${seed}`);
  const T = 150;
  let out = "";
  const bull = (x: number, y: number, rings: [number, string][], dots: string) => {
    for (const [r, col] of rings) out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${col}"/>`;
    const r0 = (rings[0]?.[0] ?? 30) + 5.5;
    for (let k = 0; k < 14; k++) {
      const a = (k / 14) * Math.PI * 2;
      out += `<circle cx="${n(x + Math.cos(a) * r0)}" cy="${n(y + Math.sin(a) * r0)}" r="2.6" fill="${dots}"/>`;
    }
  };
  const leaf = (x: number, y: number, rot: number, len: number) => {
    out += `<g transform="translate(${x},${y}) rotate(${rot})"><path d="M0,${-len} C${len * 0.55},${-len * 0.45} ${len * 0.55},${len * 0.45} 0,${len} C${-len * 0.55},${len * 0.45} ${-len * 0.55},${-len * 0.45} 0,${-len} Z" fill="${c2}" stroke="${c4}" stroke-width="2"/><path d="M0,${-len + 4} L0,${len - 4} M0,${-len * 0.4} L${len * 0.22},${-len * 0.62} M0,0 L${-len * 0.24},${-len * 0.22} M0,${len * 0.35} L${len * 0.24},${len * 0.14}" stroke="${c4}" stroke-width="1.6" fill="none"/></g>`;
  };
  // scattered crackle dots on the ground
  for (let k = 0; k < 26; k++) {
    out += `<circle cx="${n(rng.range(0, T))}" cy="${n(rng.range(0, T))}" r="${n(rng.range(0.9, 1.8))}" fill="${c3}" opacity="0.55"/>`;
  }
  bull(
    38,
    38,
    [
      [29, c3],
      [23.5, c1],
      [17, c4],
      [12, c2],
      [6.5, c3],
      [2.6, c1],
    ],
    c2,
  );
  bull(
    113,
    113,
    [
      [26, c2],
      [20, c4],
      [14.5, c3],
      [9, c1],
      [3.5, c3],
    ],
    c3,
  );
  leaf(113, 36, 40, 25);
  leaf(113, 36, -40, 19);
  leaf(36, 113, -40, 25);
  leaf(36, 113, 40, 19);
  // a swirl joining the motifs
  out += `<path d="M75,75 m-3,0 a3,3 0 1,1 6,0 a6,6 0 1,1 -12,0 a9,9 0 1,1 18,0 a12,12 0 1,1 -24,0" fill="none" stroke="${c1}" stroke-width="2.6" stroke-linecap="round"/>`;
  return { w: T, h: T, body: out };
}

// ── Mudcloth (bogolan) ───────────────────────────────────────────────────────

export function mudclothTile(base: string, seed: string): Tile {
  const ink = isLight(base) ? "#2A1C12" : "#EDE1C8";
  const rng = new Rng(`mud:${seed}`);
  const W = 120;
  const R = 33;
  const j = (v: number, a = 1.2) => v + rng.range(-a, a);
  let out = `<g fill="${ink}" stroke="${ink}" opacity="0.9">`;
  // row borders (double hand-drawn lines)
  for (let r = 0; r < 4; r++) {
    const y = r * R;
    out += `<path d="M0,${n(j(y + 1.5, 0.6))} L${W},${n(j(y + 1.5, 0.6))} M0,${n(j(y + 5, 0.6))} L${W},${n(j(y + 5, 0.6))}" stroke-width="1.5" fill="none"/>`;
  }
  // row 1: dashes
  for (let x = 4; x < W; x += 15) out += rect(j(x), j(R * 0.5 + 1, 0.8), j(9, 1), 3.4, ink, ' stroke="none"');
  // row 2: crosses and dots
  for (let x = 10; x < W; x += 20) {
    const cx = j(x);
    const cy = j(R + R * 0.58, 0.8);
    out += `<path d="M${n(cx - 5)},${n(cy)} L${n(cx + 5)},${n(cy)} M${n(cx)},${n(cy - 5)} L${n(cx)},${n(cy + 5)}" stroke-width="2.4" fill="none"/>`;
    out += `<circle cx="${n(cx + 10)}" cy="${n(cy)}" r="1.8" stroke="none"/>`;
  }
  // row 3: zigzag
  const pts: string[] = [];
  for (let x = 0; x <= W; x += 10) pts.push(`${x},${n(j(2 * R + R * 0.58 + (x % 20 ? -6 : 6), 0.6))}`);
  out += `<polyline points="${pts.join(" ")}" fill="none" stroke-width="2.4"/>`;
  // row 4: dotted squares
  for (let x = 6; x < W; x += 24) {
    const y = 3 * R + 10;
    out += `<rect x="${n(j(x))}" y="${n(j(y, 0.6))}" width="14" height="14" fill="none" stroke-width="1.8"/>`;
    out += `<circle cx="${n(x + 7)}" cy="${n(y + 7)}" r="2" stroke="none"/>`;
  }
  out += "</g>";
  return { w: W, h: 4 * R, body: out };
}

// ── Embroidery ───────────────────────────────────────────────────────────────

/** A thread colour that reads on the base: gold on most cloth, deep green on gold cloth. */
export function threadColor(base: string): string {
  if (colorDistance(base, "#C9A227") < 90) return "#17402F";
  if (isLight(base)) return "#A9801E";
  return "#DDB650";
}

export function embroideryTile(thread: string): Tile {
  const T = 20;
  const body =
    `<g fill="none" stroke="${thread}" stroke-width="1.1">` +
    `<circle cx="10" cy="10" r="4.2"/><path d="M10,2.6 L10,5 M10,15 L10,17.4 M2.6,10 L5,10 M15,10 L17.4,10"/></g>` +
    `<g fill="${thread}"><circle cx="10" cy="10" r="1.3"/><circle cx="0" cy="0" r="1.5"/><circle cx="20" cy="0" r="1.5"/><circle cx="0" cy="20" r="1.5"/><circle cx="20" cy="20" r="1.5"/></g>`;
  return { w: T, h: T, body };
}

/** A rosette motif for embroidered panels, centred on 0,0. */
export function rosette(thread: string, r: number): string {
  let petals = "";
  for (let k = 0; k < 8; k++) {
    const a = (k * 45 * Math.PI) / 180;
    petals += `<ellipse cx="${n(Math.cos(a) * r * 0.62)}" cy="${n(Math.sin(a) * r * 0.62)}" rx="${n(r * 0.34)}" ry="${n(r * 0.16)}" transform="rotate(${k * 45} ${n(Math.cos(a) * r * 0.62)} ${n(Math.sin(a) * r * 0.62)})"/>`;
  }
  return `<g fill="none" stroke="${thread}" stroke-width="1.4">${petals}<circle r="${n(r)}"/><circle r="${n(r * 0.26)}" fill="${thread}"/></g>`;
}

// ── Pinstripe, twill, fugu ───────────────────────────────────────────────────

export function pinstripeTile(base: string): Tile {
  const line = isLight(base) ? darken(base, 0.45) : lighten(base, 0.55);
  const body =
    `<rect x="6" y="0" width="0.95" height="12" fill="${line}" opacity="0.6"/>` +
    `<path d="M0,12 L12,0" stroke="#fff" stroke-opacity="0.03" stroke-width="2"/>`;
  return { w: 13, h: 12, body };
}

export function twillTile(base: string): Tile {
  const a = isLight(base) ? 0.028 : 0.04;
  const body = `<path d="M-2,6 L6,-2 M2,10 L10,2" stroke="${isLight(base) ? "#000" : "#fff"}" stroke-opacity="${a}" stroke-width="1.2"/>`;
  return { w: 8, h: 8, body };
}

/** Northern smock cloth: narrow hand-loomed strips with fine warp stripes. */
export function fuguTile(base: string): Tile {
  const light = isLight(base);
  const ink = light ? "#2C3A5E" : "#EDE3CC";
  const ink2 = light ? darken(base, 0.35) : mix(base, "#EDE3CC", 0.35);
  const W = 26;
  let out = rect(0, 0, W, 10, base) + rect(W, 0, W, 10, mix(base, ink, 0.08));
  const lines: [number, number, string, number][] = [
    [2, 1, ink, 0.85],
    [5, 1, ink, 0.85],
    [10, 3, ink2, 0.9],
    [15, 0.8, ink, 0.7],
    [20, 1, ink, 0.85],
    [23, 1, ink, 0.85],
  ];
  for (const [x, w, c, o] of lines) out += rect(x, 0, w, 10, c, ` opacity="${o}"`);
  out += rect(W + 6, 0, 1.4, 10, ink, ' opacity="0.6"') + rect(W + 18, 0, 1.4, 10, ink, ' opacity="0.6"');
  out += rect(W + 11, 0, 4, 10, ink2, ' opacity="0.7"');
  out += rect(0, 0, 0.8, 10, "#000", ' opacity="0.3"') + rect(W, 0, 0.8, 10, "#000", ' opacity="0.3"');
  return { w: 2 * W, h: 10, body: out };
}
