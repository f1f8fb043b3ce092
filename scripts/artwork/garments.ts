/**
 * Garment illustrations in a "ghost mannequin" presentation, drawn on an 800×1000 artboard.
 * Each garment is a stack of fabric pieces; every piece gets its base colour, a textile
 * pattern, cylinder shading, soft folds and a fine outline, so it reads as cloth rather than
 * as a flat icon.
 */
import type { GarmentShape, TextilePattern } from "../../db/seed/catalog-data";
import {
  adinkraInk,
  adinkraTile,
  ankaraColors,
  ankaraTile,
  embroideryTile,
  fuguTile,
  kenteAlign,
  kenteTile,
  mudclothTile,
  patternFrom,
  pinstripeTile,
  rosette,
  threadColor,
  twillTile,
} from "./textiles";
import { type Defs, Rng, blurFilter, darken, hexToHsl, hslToHex, isLight, lighten, luminance, mix, n } from "./util";

export interface GarmentStyle {
  lapel?: "notch" | "peak" | "shawl";
  doubleBreasted?: boolean;
  waistcoat?: boolean;
  bowTie?: boolean;
}

export interface GarmentOptions {
  garment: GarmentShape;
  pattern: TextilePattern;
  base: string;
  seed: string;
  style?: GarmentStyle;
}

export interface GarmentArt {
  /** the garment, in artboard coordinates */
  svg: string;
  /** union of the outer pieces, for cast shadows */
  silhouette: string;
  /** [top, bottom] of the drawing, for fitting */
  extent: [number, number];
  /** half of the drawing's width, about x = 400 */
  halfWidth: number;
}

// ── path helpers ─────────────────────────────────────────────────────────────

/** Mirrors an absolute M/L/C/Q/Z path about x = 400. */
export function mirror(d: string): string {
  const tokens = d.match(/[MLCQZ]|-?\d*\.?\d+/g) ?? [];
  const out: string[] = [];
  let isX = true;
  for (const t of tokens) {
    if (/[MLCQZ]/.test(t)) {
      out.push(t);
      isX = true;
      continue;
    }
    out.push(isX ? n(800 - Number(t)) : t);
    isX = !isX;
  }
  return out.join(" ").replace(/([MLCQZ]) /g, "$1");
}

const both = (d: string) => `${d} ${mirror(d)}`;

// ── the painter ──────────────────────────────────────────────────────────────

type TrimStyle = "emb" | "kente" | "solid" | "tonal";

interface PieceOpts {
  fill: string;
  pat?: string | null;
  patOpacity?: number;
  shade?: "cyl" | "down" | "none";
  folds?: string[];
  outline?: boolean;
  extra?: string;
}

class Painter {
  readonly light: boolean;
  readonly lum: number;
  readonly thread: string;
  private readonly cyl: string;
  private readonly down: string;
  private readonly rng: Rng;
  readonly base: string;
  /** a deep, saturated shade of the base hue; shadows in this colour look like cloth, not soot */
  readonly ink: string;

  constructor(
    readonly defs: Defs,
    readonly o: GarmentOptions,
  ) {
    this.base = o.base;
    this.light = isLight(o.base);
    this.lum = luminance(o.base);
    this.thread = threadColor(o.base);
    this.rng = new Rng(`garment:${o.seed}`);
    const [hh, ss] = hexToHsl(o.base);
    this.ink = ss < 0.12 ? "#0C0B0A" : hslToHex(hh, Math.min(1, ss * 1.1 + 0.15), 0.1);
    const a = 0.2 + 0.2 * this.lum;
    const ink = this.ink;
    const h = 0.04 + 0.11 * (1 - this.lum);
    this.cyl = defs.once(`cyl:${ink}:${n(a)}:${n(h)}`, "g", (id) => {
      return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${ink}" stop-opacity="${n(a * 1.05)}"/><stop offset="0.17" stop-color="${ink}" stop-opacity="${n(a * 0.3)}"/><stop offset="0.42" stop-color="#fff" stop-opacity="${n(h)}"/><stop offset="0.62" stop-color="#fff" stop-opacity="0"/><stop offset="0.85" stop-color="${ink}" stop-opacity="${n(a * 0.5)}"/><stop offset="1" stop-color="${ink}" stop-opacity="${n(a * 1.25)}"/></linearGradient>`;
    });
    this.down = defs.once(`down:${ink}:${n(a)}:${n(h)}`, "g", (id) => {
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${n(h * 0.8)}"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="${ink}" stop-opacity="${n(a * 0.75)}"/></linearGradient>`;
    });
  }

  clip(d: string): string {
    return this.defs.once(`clip:${d}`, "c", (id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  }

  private foldLayer(folds: string[]): string {
    if (!folds.length) return "";
    const fa = 0.17 + 0.03 * this.lum;
    const fh = 0.05 + 0.05 * (1 - this.lum);
    const blur = blurFilter(this.defs, 6);
    let s = `<g filter="url(#${blur})" fill="none" stroke-linecap="round">`;
    for (const f of folds) {
      const w = this.rng.range(11, 17);
      s += `<path d="${f}" stroke="${this.ink}" stroke-opacity="${n(fa)}" stroke-width="${n(w)}"/>`;
      s += `<path d="${f}" stroke="#fff" stroke-opacity="${n(fh)}" stroke-width="${n(w * 0.5)}" transform="translate(${n(w * 0.6)},0)"/>`;
    }
    return `${s}</g>`;
  }

  piece(d: string, p: PieceOpts): string {
    let s = `<path d="${d}" fill="${p.fill}"/>`;
    if (p.pat) {
      const op = p.patOpacity ?? 1;
      s += `<path d="${d}" fill="url(#${p.pat})"${op < 1 ? ` opacity="${n(op)}"` : ""}/>`;
    }
    const inner = (p.extra ?? "") + this.foldLayer(p.folds ?? []);
    if (inner) s += `<g clip-path="url(#${this.clip(d)})">${inner}</g>`;
    const shade = p.shade ?? "cyl";
    if (shade === "cyl") s += `<path d="${d}" fill="url(#${this.cyl})"/>`;
    if (shade === "down") s += `<path d="${d}" fill="url(#${this.down})"/>`;
    if (p.outline !== false) {
      const oc = darken(p.fill, this.light ? 0.45 : 0.55);
      s += `<path d="${d}" fill="none" stroke="${oc}" stroke-opacity="${this.light ? 0.55 : 0.8}" stroke-width="1.4" stroke-linejoin="round"/>`;
    }
    return s;
  }

  /** A soft shadow of `d` cast onto the piece `onto`. */
  castShadow(d: string, onto: string, dx = 5, dy = 8, opacity = 0.3): string {
    const blur = blurFilter(this.defs, 7);
    return `<g clip-path="url(#${this.clip(onto)})"><path d="${d}" fill="${this.ink}" opacity="${n(opacity)}" filter="url(#${blur})" transform="translate(${dx},${dy})"/></g>`;
  }

  // ── fabrics ──

  private get g(): GarmentShape {
    return this.o.garment;
  }

  /** Pattern for the main garment piece(s). */
  mainPat(): { pat: string | null; op?: number } {
    const { pattern, base, seed } = this.o;
    const defs = this.defs;
    switch (pattern) {
      case "kente":
        if (this.g === "kaftan" || this.g === "suit" || this.g === "trousers-set")
          return { pat: patternFrom(defs, "twill", twillTile(base)) };
        return {
          pat: patternFrom(defs, `kente:${base}`, kenteTile(base), kenteAlign(400, 120)),
          op: this.g === "agbada" ? 0.6 : 1,
        };
      case "adinkra": {
        if (this.g === "suit") {
          const ink = this.light ? darken(base, 0.25) : lighten(base, 0.22);
          return {
            pat: patternFrom(defs, `adk-tonal:${base}`, adinkraTile(ink, 0.5, false), "translate(334,150) scale(0.6)"),
          };
        }
        const { ink, opacity } = adinkraInk(base);
        return { pat: patternFrom(defs, `adk:${base}`, adinkraTile(ink, opacity), "translate(334,150)") };
      }
      case "ankara": {
        const scale = this.g === "suit" ? 0.78 : 1;
        return {
          pat: patternFrom(defs, `ank:${base}:${scale}`, ankaraTile(base, seed), `translate(325,130) scale(${scale})`),
        };
      }
      case "mudcloth":
        return { pat: patternFrom(defs, `mud:${base}`, mudclothTile(base, seed), "translate(340,160)") };
      case "pinstripe":
        return { pat: patternFrom(defs, `pin:${base}`, pinstripeTile(base), "translate(394,0)") };
      case "embroidery":
      case "plain":
      default:
        if (this.g === "smock") return { pat: patternFrom(defs, `fugu:${base}`, fuguTile(base), "translate(374,0)") };
        return { pat: patternFrom(defs, "twill", twillTile(base)) };
    }
  }

  /** Pattern for trousers and inner tunics. */
  secPat(): string | null {
    const { pattern, base } = this.o;
    if (pattern === "pinstripe") return this.mainPat().pat;
    if (this.g === "suit" && (pattern === "ankara" || pattern === "adinkra")) return this.mainPat().pat;
    return patternFrom(this.defs, "twill", twillTile(base));
  }

  trimStyle(): TrimStyle {
    const { pattern } = this.o;
    if (pattern === "embroidery") return "emb";
    if (pattern === "kente") return this.g === "kaftan" || this.g === "trousers-set" ? "kente" : "emb";
    if (pattern === "ankara") return "solid";
    return "tonal";
  }

  kentePat(scale = 1, rotate = 0, cx = 400): string {
    return patternFrom(this.defs, `kente:${this.base}`, kenteTile(this.base), kenteAlign(cx, 120, scale, rotate));
  }

  /** Trim bands: necklines, cuffs, hems and plackets. */
  trim(d: string, opts: { extra?: string; style?: TrimStyle; teeth?: boolean; kente?: { scale: number; cx: number } } = {}): string {
    const style = opts.style ?? this.trimStyle();
    const base = this.base;
    const clip = this.clip(d);
    let fill = base;
    let pat: string | null = null;
    let edge = this.thread;
    let teethColor = this.thread;
    let teethOp = 1;
    if (style === "emb") {
      pat = patternFrom(this.defs, `emb:${this.thread}`, embroideryTile(this.thread));
    } else if (style === "kente") {
      pat = this.kentePat(opts.kente?.scale ?? 0.72, 0, opts.kente?.cx ?? 400);
      edge = "#D8A829";
      teethColor = "#D8A829";
      teethOp = 0;
    } else if (style === "solid") {
      const c = ankaraColors(base);
      fill = c.c4;
      edge = c.c2;
      teethColor = c.c2;
    } else {
      fill = this.light ? darken(base, 0.1) : lighten(base, 0.07);
      edge = this.light ? darken(base, 0.35) : lighten(base, 0.3);
      teethColor = edge;
      teethOp = 0.75;
    }
    let s = `<path d="${d}" fill="${fill}"/>`;
    if (pat) s += `<path d="${d}" fill="url(#${pat})"/>`;
    s += `<g clip-path="url(#${clip})" fill="none">`;
    if (opts.teeth !== false && teethOp > 0)
      s += `<path d="${d}" stroke="${teethColor}" stroke-opacity="${n(teethOp)}" stroke-width="15" stroke-dasharray="1.5 2.1"/>`;
    s += `<path d="${d}" stroke="${edge}" stroke-width="4"/>`;
    s += opts.extra ?? "";
    s += `</g>`;
    s += `<path d="${d}" fill="url(#${this.cyl})" opacity="0.7"/>`;
    return s;
  }

  button(x: number, y: number, r: number, color: string): string {
    const id = this.defs.once(`btn:${color}`, "b", (gid) => {
      return `<radialGradient id="${gid}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${lighten(color, 0.45)}"/><stop offset="0.55" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.45)}"/></radialGradient>`;
    });
    const hole = darken(color, 0.6);
    return (
      `<circle cx="${n(x + 0.8)}" cy="${n(y + 1.4)}" r="${n(r)}" fill="#000" opacity="0.3"/>` +
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#${id})"/>` +
      (r > 4
        ? `<circle cx="${n(x - r * 0.3)}" cy="${n(y)}" r="${n(r * 0.14)}" fill="${hole}"/><circle cx="${n(x + r * 0.3)}" cy="${n(y)}" r="${n(r * 0.14)}" fill="${hole}"/>`
        : "")
    );
  }

  inside(): string {
    return darken(this.base, this.light ? 0.2 : 0.3);
  }

  /** A running stitch along a path (seam or topstitching). */
  stitch(d: string, color?: string, opacity = 0.6): string {
    const c = color ?? (this.light ? darken(this.base, 0.4) : lighten(this.base, 0.35));
    return `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${n(opacity)}" stroke-width="1.2" stroke-dasharray="4 3"/>`;
  }
}

// ── kaftan ───────────────────────────────────────────────────────────────────

function kaftan(p: Painter): GarmentArt {
  const base = p.base;
  const main = p.mainPat();
  const trouserFill = darken(base, 0.08);
  const backNeck = "M352,148 C372,139 428,139 448,148 L452,230 L348,230 Z";
  const body =
    "M352,148 C320,160 280,174 246,188 L290,322 C286,420 280,540 276,645 L282,800 Q400,814 518,800 L524,645 C520,540 514,420 510,322 L554,188 C520,174 480,160 448,148 C440,184 422,200 400,200 C378,200 360,184 352,148 Z";
  const wedgeL = "M276,636 L256,801 L286,801 Z";
  const sleeveL = "M246,186 C230,191 221,204 218,222 C208,284 197,410 180,560 L254,571 C260,470 274,380 290,322 C284,268 268,214 246,186 Z";
  const sleeveR = mirror(sleeveL);
  const trousers = "M330,690 L322,905 L394,905 L399,712 L401,712 L406,905 L478,905 L470,690 Z";
  const bib = "M338,152 C336,234 370,302 400,354 C430,302 464,234 462,152 L448,148 C440,184 422,200 400,200 C378,200 360,184 352,148 Z";
  const cuffL = "M185,524 L257,535 L254,571 L180,560 Z";
  const trouserCuffs = both("M323,878 L394,878 L394,905 L322,905 Z");

  let s = "";
  s += p.piece(backNeck, { fill: p.inside(), shade: "down", outline: false });
  s += p.piece(trousers, {
    fill: trouserFill,
    pat: p.secPat(),
    folds: ["M360,800 C362,840 360,870 358,900", "M440,800 C438,840 440,870 442,900"],
  });
  if (p.trimStyle() === "emb") s += p.trim(trouserCuffs, { teeth: true });
  s += p.piece(`${wedgeL} ${mirror(wedgeL)}`, { fill: darken(base, 0.18), shade: "none" });
  s += p.piece(body, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: ["M322,370 C318,480 312,620 304,795", "M478,370 C482,480 488,620 496,795", "M362,430 C358,560 354,690 352,805"],
  });
  const style = p.trimStyle();
  if (p.o.pattern === "kente") {
    // a kente front panel and hem band, like a stole set into the body
    const panel = "M366,180 C380,196 390,200 400,200 C410,200 420,196 434,180 L436,808 Q400,811 364,808 Z";
    s += p.trim(panel, { style: "kente", teeth: false, kente: { scale: 1, cx: 417 } });
    s += p.trim("M279,770 Q400,784 521,770 L518,800 Q400,814 282,800 Z", { style: "kente", teeth: false });
  } else if (style === "emb") {
    s += p.trim("M280,764 Q400,778 520,764 L518,800 Q400,814 282,800 Z");
  }
  const placket = p.stitch("M400,204 L400,318") + `<path d="M400,204 L400,300" stroke="${darken(base, 0.55)}" stroke-width="2"/>`;
  let bibExtra = placket;
  if (style === "emb") {
    bibExtra +=
      `<path d="M338,152 C336,234 370,302 400,354 C430,302 464,234 462,152" transform="translate(400,152) scale(0.86) translate(-400,-152)" fill="none" stroke="${p.thread}" stroke-width="1.6" stroke-dasharray="3 2"/>` +
      `<g transform="translate(400,322)">${rosette(p.thread, 13)}</g>`;
  }
  if (p.o.pattern === "kente") {
    const band = "M340,150 C350,198 376,216 400,216 C424,216 450,198 460,150 L448,148 C440,184 422,200 400,200 C378,200 360,184 352,148 Z";
    s += p.trim(band, { style: "emb" });
  } else {
    s += p.trim(bib, { extra: bibExtra });
  }
  s += p.castShadow(sleeveL, body, 6, 8) + p.castShadow(sleeveR, body, -6, 8);
  const sleeveFolds = ["M232,250 C236,330 236,420 226,540", "M262,380 C258,440 252,500 246,560"];
  s += p.piece(sleeveL, { fill: base, pat: main.pat, patOpacity: main.op, folds: sleeveFolds });
  s += p.piece(sleeveR, { fill: base, pat: main.pat, patOpacity: main.op, folds: sleeveFolds.map(mirror) });
  s += p.trim(`${cuffL} ${mirror(cuffL)}`, { style: p.o.pattern === "kente" ? "kente" : style });
  return { svg: s, silhouette: `${body} ${sleeveL} ${sleeveR} ${trousers}`, extent: [133, 905], halfWidth: 220 };
}

// ── suit ─────────────────────────────────────────────────────────────────────

function suit(p: Painter): GarmentArt {
  const st = p.o.style ?? {};
  const base = p.base;
  const main = p.mainPat();
  const db = !!st.doubleBreasted;
  const lapelKind = st.lapel ?? (db ? "peak" : "notch");
  const horn = p.light ? "#5A4330" : mix(base, "#0B0A09", 0.55);
  const shirt = "#F4F0E6";

  const trousers = "M318,560 L322,922 L394,922 L398,650 L402,650 L406,922 L478,922 L482,560 Z";
  const body = db
    ? "M366,160 L252,186 L284,312 C296,420 284,520 288,600 Q400,610 512,600 C516,520 504,420 516,312 L548,186 L434,160 Z"
    : "M366,160 L252,186 L284,312 C296,420 284,520 288,600 L350,606 C380,600 396,580 400,548 C404,580 420,600 450,606 L512,600 C516,520 504,420 516,312 L548,186 L434,160 Z";
  const bp: [number, number] = db ? [424, 470] : [400, 450];
  const vee = `M366,160 L434,160 L${bp[0]},${bp[1]} Z`;
  const sleeveL = "M252,186 C238,260 232,420 224,568 L284,576 C284,480 286,380 290,318 C282,262 268,212 252,186 Z";
  const sleeveR = mirror(sleeveL);

  // lapels (left as seen) and collars
  let lapelL: string;
  let collarL: string;
  if (lapelKind === "shawl") {
    lapelL = `M366,158 C346,166 326,206 318,258 C314,330 364,408 ${bp[0]},${bp[1]} Z`;
    collarL = "";
  } else if (lapelKind === "peak") {
    lapelL = `M370,186 L${bp[0]},${bp[1]} C${bp[0] - 30},400 326,318 298,246 L296,222 L338,236 Z`;
    collarL = "M366,160 C352,164 342,172 338,182 L332,224 L344,232 L370,186 Z";
  } else {
    lapelL = `M370,186 L${bp[0]},${bp[1]} C${bp[0] - 26},398 326,318 304,250 L334,236 Z`;
    collarL = "M366,160 C352,164 342,172 338,182 L318,224 L336,232 L370,186 Z";
  }
  // right lapel (as seen); for a double-breasted jacket it tucks under the left front
  const lapelR = db ? "M430,186 L426,466 C444,400 474,318 502,246 L504,222 L462,236 Z" : mirror(lapelL);
  const collarR = collarL ? mirror(collarL) : "";

  let s = "";
  // trousers
  let trouserExtra = "";
  if (st.bowTie) {
    trouserExtra += `<path d="M324,600 L328,920 M476,600 L472,920" stroke="${darken(base, 0.35)}" stroke-width="5" opacity="0.8"/>`;
  }
  trouserExtra += `<path d="M358,610 L360,920 M442,610 L440,920" stroke="#fff" stroke-opacity="${p.light ? 0.25 : 0.1}" stroke-width="2"/>`;
  s += p.piece(trousers, {
    fill: base,
    pat: p.secPat(),
    extra: trouserExtra,
    folds: ["M340,640 C342,740 344,840 342,916", "M460,640 C458,740 456,840 458,916"],
  });
  // jacket body
  s += p.piece(body, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: ["M300,330 C318,380 330,420 340,446", "M500,330 C482,380 470,420 460,446", "M326,508 C352,502 376,494 394,482"],
  });
  // shirt and tie in the V
  const veeClip = p.clip(vee);
  let inV = `<path d="${vee}" fill="${shirt}"/>`;
  inV += `<path d="M400,172 L400,${bp[1]}" stroke="#000" stroke-opacity="0.12" stroke-width="1.2"/>`;
  if (st.waistcoat) {
    const wc = "M360,150 L384,236 L400,330 L416,236 L440,150 L520,520 L280,520 Z";
    inV += `<path d="${wc}" fill="${darken(base, 0.06)}"/>`;
    if (main.pat) inV += `<path d="${wc}" fill="url(#${main.pat})"/>`;
    inV += `<path d="M384,236 L400,330 L416,236" fill="none" stroke="${darken(base, 0.5)}" stroke-width="1.4"/>`;
    for (const y of [352, 382, 412, 442]) inV += p.button(400, y, 3.4, horn);
  }
  const tieColor = p.o.pattern === "kente" ? (p.light ? "#1C6A3A" : "#B8902C") : p.light ? "#5E1A26" : "#B08A2E";
  const collars = `<path d="M366,160 L398,178 L384,214 L362,180 Z" fill="${shirt}" stroke="#000" stroke-opacity="0.22"/><path d="M434,160 L402,178 L416,214 L438,180 Z" fill="${shirt}" stroke="#000" stroke-opacity="0.22"/>`;
  if (st.bowTie) {
    inV += collars;
    const bow = p.o.pattern === "kente" ? `url(#${p.kentePat(0.3, 90)})` : "#141414";
    inV += `<path d="M400,190 C392,182 380,174 370,176 C366,184 366,198 370,206 C380,208 392,200 400,192 Z M400,190 C408,182 420,174 430,176 C434,184 434,198 430,206 C420,208 408,200 400,192 Z" fill="${bow}" stroke="#000" stroke-opacity="0.5" stroke-width="1.2"/><rect x="394" y="183" width="12" height="15" rx="3.5" fill="${bow}" stroke="#000" stroke-opacity="0.5"/>`;
  } else {
    const tieFill = tieColor;
    inV += `<path d="M392,178 L408,178 L405,198 L395,198 Z" fill="${tieFill}" stroke="#000" stroke-opacity="0.3"/>`;
    inV += `<path d="M395,198 L405,198 L414,420 L400,444 L386,420 Z" fill="${tieFill}" stroke="#000" stroke-opacity="0.3"/>`;
    inV += `<path d="M398,204 L396,400" stroke="#fff" stroke-opacity="0.18" stroke-width="3"/>`;
    inV += collars;
  }
  s += `<g clip-path="url(#${veeClip})">${inV}</g>`;
  s += `<path d="${vee}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="6" clip-path="url(#${veeClip})"/>`;

  // lapels
  const lapelPat = (side: -1 | 1): { fill: string; pat: string | null } => {
    if (p.o.pattern === "kente") return { fill: base, pat: p.kentePat(0.55, side * 14, side < 0 ? 340 : 460) };
    if (st.bowTie) return { fill: p.light ? darken(base, 0.05) : lighten(base, 0.06), pat: null };
    return { fill: base, pat: main.pat };
  };
  for (const [d, side] of [
    [lapelR, 1],
    [lapelL, -1],
  ] as const) {
    const lp = lapelPat(side);
    s += p.castShadow(d, body, side * -3, 5, 0.35);
    s += p.piece(d, { fill: lp.fill, pat: lp.pat, shade: "down" });
    if (p.o.pattern === "ankara") s += `<path d="${d}" fill="${p.ink}" opacity="0.22"/>`;
    if (p.o.pattern !== "kente") s += `<g clip-path="url(#${p.clip(d)})">${p.stitch(d, undefined, 0.35)}</g>`;
  }
  if (collarL) {
    s += p.piece(collarL, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
    s += p.piece(collarR, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  }
  // overlap line and buttons
  if (db) {
    s += `<path d="M${bp[0]},${bp[1]} L440,604" stroke="${darken(base, 0.55)}" stroke-width="2"/>`;
    for (const y of [488, 546]) {
      s += p.button(360, y, 6, horn) + p.button(452, y, 6, horn);
    }
    s += p.button(340, 424, 5.5, horn) + p.button(472, 424, 5.5, horn);
  } else {
    s += `<path d="M402,452 L402,548" stroke="${darken(base, 0.55)}" stroke-width="1.6"/>`;
    s += p.button(404, 462, 6, horn);
    if (!st.bowTie) s += p.button(404, 522, 6, horn);
  }
  // pockets and pocket square
  const flap = "M298,512 L368,517 L368,536 L298,532 Z";
  s += p.piece(`${flap} ${mirror(flap)}`, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  const welt = "M442,300 L500,293 L500,302 L442,309 Z";
  const sq = "M448,304 L455,278 L466,296 L476,274 L486,292 L494,282 L497,300 Z";
  const sqFill =
    p.o.pattern === "kente"
      ? `url(#${p.kentePat(0.4, 0, 470)})`
      : p.o.pattern === "ankara"
        ? ankaraColors(base).c2
        : p.light
          ? "#7A2634"
          : "#D9B45A";
  s += `<path d="${sq}" fill="${sqFill}" stroke="#000" stroke-opacity="0.3"/>`;
  s += p.piece(welt, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  // sleeves
  s += p.castShadow(sleeveL, body, 6, 8) + p.castShadow(sleeveR, body, -6, 8);
  const sf = ["M236,300 C250,320 262,340 276,356", "M266,420 C262,470 258,520 256,566"];
  s += p.piece(sleeveL, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf });
  s += p.piece(sleeveR, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf.map(mirror) });
  // shirt cuffs peeking out, and cuff buttons
  s += `<path d="M226,566 L284,574 L283,584 L225,576 Z" fill="${shirt}" stroke="#000" stroke-opacity="0.2"/><path d="M574,566 L516,574 L517,584 L575,576 Z" fill="${shirt}" stroke="#000" stroke-opacity="0.2"/>`;
  for (const k of [0, 1, 2]) {
    s += p.button(242 + k * 3, 546 - k * 11, 2.6, horn) + p.button(558 - k * 3, 546 - k * 11, 2.6, horn);
  }
  return { svg: s, silhouette: `${body} ${sleeveL} ${sleeveR} ${trousers}`, extent: [158, 922], halfWidth: 176 };
}

// ── agbada ───────────────────────────────────────────────────────────────────

function agbada(p: Painter): GarmentArt {
  const base = p.base;
  const main = p.mainPat();
  const robeFull =
    "M352,150 C300,164 214,204 160,250 C122,282 102,320 100,366 C98,420 108,480 116,526 C106,630 100,740 98,842 C200,820 300,796 400,790 C500,796 600,820 702,842 C700,740 694,630 684,526 C692,480 702,420 700,366 C698,320 678,282 640,250 C586,204 500,164 448,150 C436,196 420,230 400,244 C380,230 364,196 352,150 Z";
  const tunic = "M340,160 L460,160 L480,852 Q400,862 320,852 Z";
  const trousers = "M338,830 L332,912 L396,912 L400,846 L404,912 L468,912 L462,830 Z";
  const backNeck = "M352,150 C372,142 428,142 448,150 L448,260 L352,260 Z";
  const tunicNeck = "M360,152 C380,146 420,146 440,152 C432,176 418,190 400,194 C382,190 368,176 360,152 Z";
  const edgeL = "M100,366 C98,420 108,480 116,526 C106,630 100,740 98,842 L120,837 C124,740 130,630 138,526 C128,480 118,420 119,370 Z";

  let s = "";
  s += p.piece(backNeck, { fill: p.inside(), shade: "down", outline: false });
  s += p.piece(trousers, { fill: darken(base, 0.06), pat: p.secPat(), shade: "cyl" });
  s += p.piece(tunic, {
    fill: base,
    pat: p.secPat(),
    folds: ["M360,790 C358,816 356,836 354,852", "M440,790 C442,816 444,836 446,852"],
  });
  s += p.piece(tunicNeck, { fill: darken(base, 0.2), shade: "none" });
  if (p.trimStyle() === "emb") s += p.trim("M322,828 Q400,838 478,828 L480,852 Q400,862 320,852 Z");
  s += p.piece(robeFull, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: [
      "M330,200 C270,262 206,370 160,520",
      "M470,200 C530,262 594,370 640,520",
      "M292,330 C280,470 282,620 298,786",
      "M508,330 C520,470 518,620 502,786",
      "M156,540 C150,640 146,740 144,832",
      "M644,540 C650,640 654,740 656,832",
      "M222,460 C214,580 214,700 224,812",
      "M578,460 C586,580 586,700 576,812",
    ],
  });
  // the turned-back edges, showing the lining
  const lining = mix(base, p.light ? "#8C7A5A" : "#000000", 0.3);
  s += p.piece(`${edgeL} ${mirror(edgeL)}`, { fill: lining, shade: "down" });
  // broad shading bands where the cloth falls from the arms
  const sideShade = p.defs.once("agbada-side", "g", (id) => {
    return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.12" stop-color="#000" stop-opacity="0.05"/><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="0.88" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></linearGradient>`;
  });
  s += `<path d="${robeFull}" fill="url(#${sideShade})"/>`;

  // neck plate and pocket
  const plateOuter = "M328,152 C316,212 328,300 358,362 C372,392 388,412 400,422 C412,412 428,392 442,362 C472,300 484,212 472,152";
  const plate = `${plateOuter} L448,150 C436,196 420,230 400,244 C380,230 364,196 352,150 Z`;
  const pocket = "M454,300 C490,296 530,290 560,284 C566,330 568,392 562,442 C530,458 490,458 462,448 C458,400 456,350 454,300 Z";
  const style = p.trimStyle();
  let plateExtra = "";
  let pocketExtra = "";
  if (style === "emb") {
    const t = p.thread;
    for (const [k, sc] of [
      [0, 0.9],
      [1, 0.8],
    ] as const) {
      plateExtra += `<path d="${plateOuter}" transform="translate(400,152) scale(${sc}) translate(-400,-152)" fill="none" stroke="${t}" stroke-width="${k ? 1.3 : 2}"${k ? ' stroke-dasharray="4 2.5"' : ""}/>`;
    }
    plateExtra += `<g transform="translate(400,330)">${rosette(t, 17)}</g>`;
    plateExtra += `<g transform="translate(352,262)">${rosette(t, 10)}</g><g transform="translate(448,262)">${rosette(t, 10)}</g>`;
    plateExtra += `<g transform="translate(400,382)">${rosette(t, 8)}</g>`;
    pocketExtra += `<path d="${pocket}" transform="translate(508,372) scale(0.78) translate(-508,-372)" fill="none" stroke="${t}" stroke-width="1.4" stroke-dasharray="4 2.5"/>`;
    pocketExtra += `<g transform="translate(510,370)">${rosette(t, 22)}</g>`;
    pocketExtra += `<g transform="translate(510,370)">${rosette(t, 10)}</g>`;
  }
  s += p.castShadow(pocket, robeFull, 3, 5, 0.25);
  s += p.trim(pocket, { extra: pocketExtra });
  s += p.castShadow(plate, robeFull, 0, 6, 0.25);
  s += p.trim(plate, { extra: plateExtra });
  return { svg: s, silhouette: `${robeFull} ${tunic} ${trousers}`, extent: [136, 912], halfWidth: 312 };
}

// ── short-sleeve shirt ───────────────────────────────────────────────────────

function shirt(p: Painter): GarmentArt {
  const base = p.base;
  const main = p.mainPat();
  const backNeck = "M360,176 C380,164 420,164 440,176 L432,300 L368,300 Z";
  const body =
    "M360,176 L246,212 L284,340 C282,430 284,520 286,618 Q400,628 514,618 C516,520 518,430 516,340 L554,212 L440,176 L404,292 L400,298 L396,292 Z";
  const sleeveL = "M246,210 C218,256 192,320 172,398 L260,424 C266,390 274,362 284,340 C274,292 258,248 246,210 Z";
  const sleeveR = mirror(sleeveL);
  const hemL = "M180,376 L266,402 L260,424 L172,398 Z";
  const collarL = "M360,174 C350,180 338,190 330,202 L344,252 L398,294 L372,202 C368,190 364,182 360,174 Z";
  const band = "M356,176 C380,163 420,163 444,176 L440,188 C420,177 380,177 360,188 Z";
  const pocket = "M298,330 L350,330 L350,384 L324,392 L298,384 Z";
  const btn = p.light ? "#6B5540" : "#EDE6D6";

  let s = "";
  s += p.piece(backNeck, { fill: p.inside(), shade: "down", outline: false });
  s += p.piece(band, { fill: darken(base, 0.15), shade: "none" });
  s += p.piece(body, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: ["M318,400 C316,480 314,550 312,614", "M482,400 C484,480 486,550 488,614"],
    extra: `<path d="M400,298 L400,630" stroke="${darken(base, 0.5)}" stroke-opacity="0.7" stroke-width="1.6"/><path d="M386,298 L386,630 M414,298 L414,630" stroke="${darken(base, 0.4)}" stroke-opacity="0.35" stroke-width="1.2" stroke-dasharray="4 3"/><path d="M288,596 L290,620 M512,596 L510,620" stroke="${darken(base, 0.5)}" stroke-width="1.6"/>`,
  });
  s += p.castShadow(pocket, body, 2, 4, 0.22);
  s += p.piece(pocket, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  s += `<g clip-path="url(#${p.clip(pocket)})">${p.stitch("M298,342 L350,342", undefined, 0.7)}</g>`;
  for (const y of [330, 390, 450, 510, 570]) s += p.button(400, y, 5.2, btn);
  for (const d of [collarL, mirror(collarL)]) {
    s += p.castShadow(d, body, 0, 5, 0.3);
    s += p.piece(d, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  }
  s += p.castShadow(sleeveL, body, 6, 8) + p.castShadow(sleeveR, body, -6, 8);
  const sf = ["M240,240 C236,290 230,340 222,396"];
  s += p.piece(sleeveL, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf });
  s += p.piece(sleeveR, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf.map(mirror) });
  s += p.piece(`${hemL} ${mirror(hemL)}`, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  s += `<g fill="none">${p.stitch("M178,384 L264,410")}${p.stitch(mirror("M178,384 L264,410"))}</g>`;
  return { svg: s, silhouette: `${body} ${sleeveL} ${sleeveR}`, extent: [163, 628], halfWidth: 228 };
}

// ── northern smock (fugu / batakari) ─────────────────────────────────────────

function smock(p: Painter): GarmentArt {
  const base = p.base;
  const main = p.mainPat();
  const backNeck = "M368,170 C384,163 416,163 432,170 L432,240 L368,240 Z";
  const hem =
    "C214,676 244,668 272,680 C300,692 326,684 354,694 C382,702 418,702 446,694 C474,684 500,692 528,680 C556,668 586,676 616,660";
  const body = `M368,170 L266,198 L292,320 C256,430 216,540 184,660 ${hem} C584,540 544,430 508,320 L534,198 L432,170 C424,196 412,206 400,206 C388,206 376,196 368,170 Z`;
  const sleeveL = "M268,197 C234,240 204,300 178,376 L258,406 C268,366 280,340 292,320 C286,270 278,232 268,197 Z";
  const sleeveR = mirror(sleeveL);
  const trousers = "M336,640 L324,908 L396,908 L400,700 L404,908 L476,908 L464,640 Z";
  const neck = "M354,172 C350,214 370,252 400,276 C430,252 450,214 446,172 L432,170 C424,196 412,206 400,206 C388,206 376,196 368,170 Z";
  const pocket = "M420,300 L482,294 L486,364 L424,370 Z";
  const gores = "M340,330 C318,440 290,560 262,690 M460,330 C482,440 510,560 538,690";

  let s = "";
  s += p.piece(backNeck, { fill: p.inside(), shade: "down", outline: false });
  s += p.piece(trousers, {
    fill: p.o.pattern === "kente" ? darken(base, 0.25) : darken(base, 0.08),
    pat: patternFrom(p.defs, "twill", twillTile(base)),
    folds: ["M362,740 C360,800 360,860 358,904", "M438,740 C440,800 440,860 442,904"],
  });
  s += p.piece(body, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: [
      "M318,340 C296,450 266,560 240,680",
      "M360,300 C352,430 346,560 340,696",
      "M440,300 C448,430 454,560 460,696",
      "M482,340 C504,450 534,560 560,680",
      "M400,420 C400,520 400,620 400,700",
    ],
    extra: `<path d="${gores}" fill="none" stroke="#000" stroke-opacity="0.28" stroke-width="1.4"/>`,
  });
  s += p.castShadow(pocket, body, 2, 4, 0.22);
  s += p.piece(pocket, { fill: base, pat: main.pat, patOpacity: main.op, shade: "down" });
  s += p.trim(neck, { extra: p.stitch("M400,206 L400,262", p.thread, 0.9) });
  s += p.castShadow(sleeveL, body, 6, 8) + p.castShadow(sleeveR, body, -6, 8);
  s += p.piece(sleeveL, { fill: base, pat: main.pat, patOpacity: main.op, folds: ["M252,240 C244,290 236,340 226,384"] });
  s += p.piece(sleeveR, { fill: base, pat: main.pat, patOpacity: main.op, folds: [mirror("M252,240 C244,290 236,340 226,384")] });
  return { svg: s, silhouette: `${body} ${sleeveL} ${sleeveR} ${trousers}`, extent: [158, 908], halfWidth: 222 };
}

// ── dashiki and trousers ─────────────────────────────────────────────────────

function trousersSet(p: Painter): GarmentArt {
  const base = p.base;
  const main = p.mainPat();
  const style = p.trimStyle();
  const backNeck = "M358,168 C378,160 422,160 442,168 L440,280 L360,280 Z";
  const body =
    "M358,168 L250,200 L286,330 C286,420 282,520 280,600 Q400,612 520,600 C518,520 514,420 514,330 L550,200 L442,168 C432,210 418,250 400,268 C382,250 368,210 358,168 Z";
  const sleeveL = "M250,199 C226,250 206,320 192,420 L272,438 C276,400 280,360 286,330 C278,280 264,236 250,199 Z";
  const sleeveR = mirror(sleeveL);
  const sleeveBand = "M196,394 L275,412 L272,438 L192,420 Z";
  const panelOuter = "M334,172 C330,236 356,300 400,336 C444,300 470,236 466,172";
  const panel = `${panelOuter} L442,168 C432,210 418,250 400,268 C382,250 368,210 358,168 Z`;
  const hemBand = "M282,572 Q400,584 518,572 L520,600 Q400,612 280,600 Z";
  const trouserColor = p.o.pattern === "ankara" ? ankaraColors(base).c4 : darken(base, 0.1);
  const trousers = "M322,560 L318,906 L394,906 L399,640 L401,640 L406,906 L482,906 L478,560 Z";

  let s = "";
  s += p.piece(backNeck, { fill: p.inside(), shade: "down", outline: false });
  s += p.piece(trousers, {
    fill: trouserColor,
    pat: patternFrom(p.defs, "twill", twillTile(trouserColor)),
    folds: ["M356,640 C358,760 358,840 356,904", "M444,640 C442,760 442,840 444,904"],
    extra: `<path d="M324,588 L480,588" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`,
  });
  s += p.piece(body, {
    fill: base,
    pat: main.pat,
    patOpacity: main.op,
    folds: ["M318,350 C314,440 308,520 306,598", "M482,350 C486,440 492,520 494,598", "M298,336 C316,356 330,376 338,404"],
  });
  // side slits
  s += `<path d="M282,560 L280,600 M518,560 L520,600" stroke="${darken(base, 0.5)}" stroke-width="2"/>`;
  let panelExtra = "";
  if (style === "emb" || style === "solid") {
    const t = style === "emb" ? p.thread : ankaraColors(base).c2;
    panelExtra += `<path d="${panelOuter}" transform="translate(400,172) scale(0.86) translate(-400,-172)" fill="none" stroke="${t}" stroke-width="1.6" stroke-dasharray="3 2"/>`;
    panelExtra += `<g transform="translate(400,304)">${rosette(t, 11)}</g><g transform="translate(350,214)">${rosette(t, 8)}</g><g transform="translate(450,214)">${rosette(t, 8)}</g>`;
  }
  s += p.castShadow(panel, body, 0, 5, 0.22);
  s += p.trim(panel, { extra: panelExtra });
  if (style !== "tonal") s += p.trim(hemBand, { teeth: style !== "kente" });
  s += p.castShadow(sleeveL, body, 6, 8) + p.castShadow(sleeveR, body, -6, 8);
  const sf = ["M244,250 C238,310 232,360 226,410"];
  s += p.piece(sleeveL, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf });
  s += p.piece(sleeveR, { fill: base, pat: main.pat, patOpacity: main.op, folds: sf.map(mirror) });
  s += p.trim(`${sleeveBand} ${mirror(sleeveBand)}`);
  return { svg: s, silhouette: `${body} ${sleeveL} ${sleeveR} ${trousers}`, extent: [155, 906], halfWidth: 208 };
}

// ── entry point ──────────────────────────────────────────────────────────────

export function drawGarment(defs: Defs, o: GarmentOptions): GarmentArt {
  const p = new Painter(defs, o);
  switch (o.garment) {
    case "kaftan":
      return kaftan(p);
    case "suit":
      return suit(p);
    case "agbada":
      return agbada(p);
    case "shirt":
      return shirt(p);
    case "smock":
      return smock(p);
    case "trousers-set":
      return trousersSet(p);
  }
}

/** Artwork details implied by a product's name. */
export function styleFromName(name: string): GarmentStyle {
  const s = name.toLowerCase();
  return {
    waistcoat: s.includes("three-piece") && !s.includes("agbada"),
    doubleBreasted: s.includes("double-breasted"),
    bowTie: s.includes("tuxedo") || s.includes("dinner jacket"),
    lapel: s.includes("dinner jacket") ? "shawl" : s.includes("tuxedo") || s.includes("double-breasted") ? "peak" : "notch",
  };
}
