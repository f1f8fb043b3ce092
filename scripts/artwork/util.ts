/**
 * Small, dependency-free helpers for the artwork generator: a seeded PRNG, colour maths and
 * an SVG <defs> collector. Everything here is deterministic.
 */

// ── PRNG ─────────────────────────────────────────────────────────────────────

/** FNV-1a, 32 bit. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for artwork. */
export class Rng {
  private state: number;
  constructor(seed: string | number) {
    this.state = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ── Numbers ──────────────────────────────────────────────────────────────────

/** Rounds for compact SVG output. */
export function n(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

// ── Colour ───────────────────────────────────────────────────────────────────

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  const v = parseInt(h.length === 3 ? h.replace(/(.)/g, "$1$1") : h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`.toUpperCase();
}

export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (hex: string, t: number) => mix(hex, "#FFFFFF", t);
export const darken = (hex: string, t: number) => mix(hex, "#000000", t);

/** WCAG relative luminance, 0..1. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function isLight(hex: string): boolean {
  return luminance(hex) > 0.36;
}

/** Euclidean distance in RGB, 0..441. */
export function colorDistance(a: string, b: string): number {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

export function hexToHsl(hex: string): [number, number, number] {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

export function hslToHex(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const f = (p: number, q: number, t: number) => {
    let tt = t;
    if (tt < 0) tt += 1;
    if (tt > 1) tt -= 1;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  if (s === 0) return rgbToHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return rgbToHex([f(p, q, hh + 1 / 3) * 255, f(p, q, hh) * 255, f(p, q, hh - 1 / 3) * 255]);
}

// ── Brand palette ────────────────────────────────────────────────────────────

export const PALETTE = {
  green: "#0F3D2E",
  greenDark: "#0A2A20",
  gold: "#C9A227",
  warmGold: "#E0B84B",
  brown: "#6B3F1D",
  terracotta: "#B5543A",
  ivory: "#F7F1E3",
  sand: "#E8DCC4",
  charcoal: "#1E1B18",
} as const;

/** Traditional Asante kente thread colours. */
export const KENTE = {
  gold: "#D8A829",
  green: "#1C6A3A",
  red: "#A52F28",
  black: "#16120E",
  blue: "#25407C",
} as const;

// ── SVG defs collector ───────────────────────────────────────────────────────

export class Defs {
  private items: string[] = [];
  private counter = 0;
  private cache = new Map<string, string>();
  constructor(private readonly prefix: string) {}

  id(kind: string): string {
    this.counter += 1;
    return `${this.prefix}${kind}${this.counter}`;
  }

  add(svg: string): void {
    this.items.push(svg);
  }

  /** Registers a def once per key; `make` receives the new id and returns the markup. */
  once(key: string, kind: string, make: (id: string) => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id(kind);
    this.cache.set(key, id);
    this.items.push(make(id));
    return id;
  }

  toString(): string {
    return `<defs>${this.items.join("")}</defs>`;
  }
}

export function svgDoc(w: number, h: number, vbW: number, vbH: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${vbW} ${vbH}">${body}</svg>`;
}

/**
 * A Gaussian blur filter; returns its id. The region is in user space (a bounding-box region
 * would collapse for a thin, straight stroke); the default covers the 800×1000 artboard.
 */
export function blurFilter(defs: Defs, sd: number, region: [number, number, number, number] = [-300, -300, 1400, 1600]): string {
  const [x, y, w, h] = region;
  return defs.once(`blur:${sd}:${region.join(",")}`, "blur", (id) => {
    return `<filter id="${id}" filterUnits="userSpaceOnUse" x="${x}" y="${y}" width="${w}" height="${h}" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${n(sd)}"/></filter>`;
  });
}
