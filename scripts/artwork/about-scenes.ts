/**
 * The two "about" pictures, 4:5 on an 800×1000 artboard: the tailor's workshop (cutting
 * table, fabric bolts, measuring tape, thread spools, scissors, a dress form) and a
 * close-up of folded kente, ankara and mudcloth.
 */
import { adinkraInk, adinkraTile, ankaraTile, fuguTile, kenteAlign, kenteTile, mudclothTile, patternFrom } from "./textiles";
import { Defs, PALETTE, Rng, blurFilter, darken, lighten, n, svgDoc } from "./util";

const W = 800;
const H = 1000;

function linear(defs: Defs, stops: [number, string, number?][], vertical = true): string {
  const id = defs.id("lg");
  const s = stops
    .map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${n(a)}"`}/>`)
    .join("");
  defs.add(`<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s}</linearGradient>`);
  return id;
}

/** A fabric bolt seen end-on: a rolled spiral of cloth around a card tube. */
function boltEnd(cx: number, cy: number, r: number, color: string): string {
  let s = `<circle cx="${n(cx + 3)}" cy="${n(cy + 5)}" r="${n(r)}" fill="#000" opacity="0.25"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${color}"/>`;
  for (let k = 1; k <= 4; k++) {
    const rr = r * (1 - k * 0.17);
    s += `<circle cx="${n(cx + k * 0.8)}" cy="${n(cy)}" r="${n(rr)}" fill="none" stroke="${darken(color, 0.35)}" stroke-opacity="0.55" stroke-width="1.2"/>`;
  }
  s += `<circle cx="${n(cx + 3)}" cy="${n(cy)}" r="${n(r * 0.2)}" fill="#C9B48E"/><circle cx="${n(cx + 3)}" cy="${n(cy)}" r="${n(r * 0.13)}" fill="#4A3A28"/>`;
  s += `<path d="M${n(cx - r * 0.7)},${n(cy - r * 0.7)} A${n(r)},${n(r)} 0 0 1 ${n(cx + r * 0.5)},${n(cy - r * 0.86)}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3"/>`;
  return s;
}

/** A thread spool: wooden flanges and a wound body. */
function spool(defs: Defs, x: number, y: number, w: number, h: number, color: string): string {
  const shade = defs.once("spool-shade", "g", (id) => {
    return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient>`;
  });
  const wood = "#C79A62";
  const fl = h * 0.12;
  let s = `<ellipse cx="${n(x + w / 2 + 6)}" cy="${n(y + h + 2)}" rx="${n(w * 0.7)}" ry="${n(w * 0.18)}" fill="#000" opacity="0.3"/>`;
  s += `<rect x="${n(x - 3)}" y="${n(y + h - fl)}" width="${n(w + 6)}" height="${n(fl)}" rx="2" fill="${wood}"/>`;
  s += `<rect x="${n(x)}" y="${n(y + fl)}" width="${n(w)}" height="${n(h - 2 * fl)}" fill="${color}"/>`;
  for (let yy = y + fl + 3; yy < y + h - fl; yy += 3) {
    s += `<rect x="${n(x)}" y="${n(yy)}" width="${n(w)}" height="0.9" fill="${darken(color, 0.3)}" opacity="0.5"/>`;
  }
  s += `<rect x="${n(x - 3)}" y="${n(y)}" width="${n(w + 6)}" height="${n(fl)}" rx="2" fill="${lighten(wood, 0.1)}"/>`;
  s += `<rect x="${n(x - 3)}" y="${n(y)}" width="${n(w + 6)}" height="${n(h)}" fill="url(#${shade})"/>`;
  s += `<ellipse cx="${n(x + w / 2)}" cy="${n(y + 1)}" rx="${n(w / 2 + 3)}" ry="${n(fl * 0.45)}" fill="${lighten(wood, 0.25)}"/><ellipse cx="${n(x + w / 2)}" cy="${n(y + 1)}" rx="${n(w * 0.12)}" ry="${n(fl * 0.2)}" fill="#3A2A1A"/>`;
  return s;
}

export function workshopSvg(width: number, height: number): string {
  const defs = new Defs("w");
  const rng = new Rng("workshop");
  let s = "";
  // wall and window light
  const wall = linear(defs, [
    [0, "#E6D6B8"],
    [1, "#C9B38D"],
  ]);
  s += `<rect width="${W}" height="${H}" fill="url(#${wall})"/>`;
  const blurBig = blurFilter(defs, 26);
  s += `<path d="M0,60 L300,0 L560,0 L140,720 L0,760 Z" fill="#FFF6DF" opacity="0.35" filter="url(#${blurBig})"/>`;
  // plaster texture
  for (let k = 0; k < 90; k++) {
    s += `<circle cx="${n(rng.range(0, W))}" cy="${n(rng.range(0, 600))}" r="${n(rng.range(1, 3))}" fill="#8A6A40" opacity="${n(rng.range(0.04, 0.1))}"/>`;
  }
  // shelf with fabric bolts
  const shelfY = 300;
  s += `<rect x="40" y="${shelfY}" width="720" height="16" fill="#6B4526"/><rect x="40" y="${shelfY}" width="720" height="4" fill="#8E6238"/><rect x="40" y="${shelfY + 16}" width="720" height="10" fill="#000" opacity="0.18" filter="url(#${blurFilter(defs, 5)})"/>`;
  s += `<rect x="70" y="${shelfY + 14}" width="12" height="60" fill="#5A391E"/><rect x="718" y="${shelfY + 14}" width="12" height="60" fill="#5A391E"/>`;
  const bolts: [number, number, number, string][] = [
    [110, shelfY - 46, 46, PALETTE.gold],
    [206, shelfY - 46, 46, PALETTE.green],
    [302, shelfY - 46, 46, PALETTE.terracotta],
    [398, shelfY - 46, 46, "#26355C"],
    [494, shelfY - 46, 46, PALETTE.ivory],
    [590, shelfY - 46, 46, "#5E1A26"],
    [686, shelfY - 46, 46, "#7FA39A"],
    [158, shelfY - 126, 44, "#E0B84B"],
    [254, shelfY - 126, 44, "#1B2238"],
    [350, shelfY - 126, 44, "#B35A24"],
    [446, shelfY - 126, 44, "#EFE6D2"],
    [542, shelfY - 126, 44, "#1E6B4F"],
    [638, shelfY - 126, 44, "#6B3F1D"],
  ];
  for (const [x, y, r, c] of bolts) s += boltEnd(x, y, r, c);
  // tailor's dress form on the right
  const form =
    "M560,470 C560,440 590,424 620,420 C640,418 650,410 660,400 C670,410 680,418 700,420 C730,424 760,440 760,470 C760,520 748,560 744,600 C740,640 752,680 756,720 L564,720 C568,680 580,640 576,600 C572,560 560,520 560,470 Z";
  const formShade = linear(
    defs,
    [
      [0, "#000", 0.3],
      [0.35, "#fff", 0.15],
      [0.6, "#000", 0],
      [1, "#000", 0.4],
    ],
    false,
  );
  s += `<rect x="655" y="700" width="10" height="220" fill="#3A2818"/>`;
  s += `<path d="${form}" fill="#E9DCC2"/><path d="${form}" fill="url(#${formShade})"/>`;
  s += `<ellipse cx="660" cy="400" rx="18" ry="8" fill="#8E6238"/><rect x="652" y="380" width="16" height="22" fill="#6B4526"/>`;
  // half-made jacket front on the form, kente lapel
  const jacket =
    "M560,470 C560,440 590,424 620,420 L650,414 L640,520 L660,700 L566,700 C570,660 580,630 576,600 C572,560 560,520 560,470 Z";
  s += `<path d="${jacket}" fill="${PALETTE.green}"/>`;
  const lapelPat = patternFrom(defs, "lapel", kenteTile(PALETTE.green), kenteAlign(640, 0, 0.45, 12));
  s += `<path d="M650,414 L628,424 L616,470 L640,520 Z" fill="url(#${lapelPat})" stroke="#000" stroke-opacity="0.3"/>`;
  s += `<path d="${jacket}" fill="url(#${formShade})"/>`;
  s += `<path d="M640,520 L660,700" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5" stroke-dasharray="5 4"/>`;
  // measuring tape around the neck of the form
  s += `<path d="M628,418 C610,470 606,540 612,600" fill="none" stroke="#E2C04A" stroke-width="12"/><path d="M692,418 C706,470 712,520 708,580" fill="none" stroke="#E2C04A" stroke-width="12"/>`;
  s += `<path d="M628,418 C610,470 606,540 612,600 M692,418 C706,470 712,520 708,580" fill="none" stroke="#2A1C10" stroke-width="8" stroke-dasharray="1 6" opacity="0.7"/>`;

  // the cutting table, in perspective
  const top = "M0,640 L800,640 L800,1000 L0,1000 Z";
  const woodA = linear(defs, [
    [0, "#8A5A33"],
    [1, "#5E3619"],
  ]);
  s += `<path d="${top}" fill="url(#${woodA})"/>`;
  for (let k = 0; k < 16; k++) {
    const y = 650 + k * 22 + rng.range(-4, 4);
    s += `<path d="M0,${n(y)} C200,${n(y + rng.range(-6, 6))} 500,${n(y + rng.range(-6, 6))} 800,${n(y + rng.range(-3, 3))}" fill="none" stroke="#3E220E" stroke-opacity="${n(rng.range(0.12, 0.25))}" stroke-width="${n(rng.range(1, 2.2))}"/>`;
  }
  s += `<rect y="630" width="${W}" height="14" fill="#A06C3E"/><rect y="644" width="${W}" height="10" fill="#000" opacity="0.2"/>`;
  // a length of ankara laid out, with a paper pattern and chalk marks
  const ankara = patternFrom(defs, "tbl-ank", ankaraTile(PALETTE.terracotta, "table"), "translate(40,700) scale(0.8)");
  const cloth = "M40,700 L520,680 L560,930 L70,960 Z";
  s += `<path d="${cloth}" fill="#000" opacity="0.3" transform="translate(6,8)" filter="url(#${blurFilter(defs, 6)})"/>`;
  s += `<path d="${cloth}" fill="${PALETTE.terracotta}"/><path d="${cloth}" fill="url(#${ankara})"/>`;
  const paper = "M140,730 L330,722 L350,800 L300,880 L160,890 L130,810 Z";
  s += `<path d="${paper}" fill="#D9C39A" opacity="0.96"/><path d="${paper}" fill="none" stroke="#6B4F2A" stroke-width="1.5" stroke-dasharray="7 5"/>`;
  s += `<path d="M170,760 L300,752 M160,820 L320,812" stroke="#6B4F2A" stroke-opacity="0.6" stroke-width="1.2"/>`;
  s += `<path d="M360,860 L460,850" stroke="#F4EEDD" stroke-width="2.5" stroke-dasharray="9 6" opacity="0.85"/>`;
  s += `<path d="M470,760 l22,-10 l6,14 z" fill="#EDE6D6"/>`;
  // measuring tape across the table
  const tapePath = "M10,900 C160,820 300,990 470,880 C560,820 640,860 790,800";
  s += `<path d="${tapePath}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="20" transform="translate(4,6)" filter="url(#${blurFilter(defs, 4)})"/>`;
  s += `<path d="${tapePath}" fill="none" stroke="#E8C547" stroke-width="18"/>`;
  s += `<path d="${tapePath}" fill="none" stroke="#2A1C10" stroke-width="9" stroke-dasharray="1.2 5.8" transform="translate(0,-3)" opacity="0.8"/>`;
  s += `<path d="${tapePath}" fill="none" stroke="#2A1C10" stroke-width="13" stroke-dasharray="1.6 33.4" transform="translate(0,-1)" opacity="0.85"/>`;
  // scissors
  s += `<g transform="translate(610,730) rotate(-28)"><path d="M0,0 L150,-8 L150,2 Z" fill="#B8BCC2"/><path d="M0,6 L150,2 L148,12 Z" fill="#8E939A"/><circle cx="6" cy="3" r="4" fill="#555"/><ellipse cx="-30" cy="-12" rx="22" ry="13" fill="none" stroke="#151515" stroke-width="8"/><ellipse cx="-30" cy="20" rx="22" ry="13" fill="none" stroke="#151515" stroke-width="8"/></g>`;
  // thread spools
  const spools: [number, number, string][] = [
    [610, 840, PALETTE.gold],
    [652, 852, "#8E1F2B"],
    [694, 838, PALETTE.green],
    [736, 856, "#26355C"],
  ];
  for (const [x, y, c] of spools) s += spool(defs, x, y, 30, 62, c);
  // pin cushion
  s += `<ellipse cx="560" cy="950" rx="44" ry="26" fill="#8E1F2B"/><ellipse cx="552" cy="940" rx="22" ry="9" fill="#fff" opacity="0.18"/>`;
  for (let k = 0; k < 7; k++) {
    const a = -1.2 + k * 0.4;
    const px = 560 + Math.cos(a) * 26;
    const py = 942 + Math.sin(a) * 10;
    s += `<path d="M${n(px)},${n(py)} l${n(Math.cos(a) * 10)},-24" stroke="#C9C9C9" stroke-width="1.6"/><circle cx="${n(px + Math.cos(a) * 10)}" cy="${n(py - 24)}" r="4" fill="${[PALETTE.gold, "#EDE6D6", "#1E6B4F"][k % 3]}"/>`;
  }
  // warm grade and vignette
  const vig = defs.id("vig");
  defs.add(
    `<radialGradient id="${vig}" cx="0.42" cy="0.45" r="0.8"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#1A0E05" stop-opacity="0.55"/></radialGradient>`,
  );
  s += `<rect width="${W}" height="${H}" fill="url(#${vig})"/>`;
  return svgDoc(width, height, W, H, `${defs}${s}`);
}

/** Stacked, folded cloth seen from the front, slightly from above. */
export function fabricSvg(width: number, height: number): string {
  const defs = new Defs("f");
  let s = "";
  const bg = linear(defs, [
    [0, "#2A1A10"],
    [1, "#120B06"],
  ]);
  s += `<rect width="${W}" height="${H}" fill="url(#${bg})"/>`;
  const glow = defs.id("glow");
  defs.add(
    `<radialGradient id="${glow}" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="${PALETTE.warmGold}" stop-opacity="0.28"/><stop offset="1" stop-color="${PALETTE.warmGold}" stop-opacity="0"/></radialGradient>`,
  );
  s += `<rect width="${W}" height="${H}" fill="url(#${glow})"/>`;
  // shelf
  s += `<rect y="880" width="${W}" height="120" fill="#4A2E18"/><rect y="880" width="${W}" height="6" fill="#7A5230"/>`;

  const fold = linear(defs, [
    [0, "#fff", 0.22],
    [0.18, "#fff", 0.04],
    [0.55, "#000", 0],
    [1, "#000", 0.45],
  ]);
  const sides = linear(
    defs,
    [
      [0, "#000", 0.35],
      [0.08, "#000", 0],
      [0.92, "#000", 0],
      [1, "#000", 0.4],
    ],
    false,
  );
  const layers: { base: string; kind: "kente" | "ankara" | "mud" | "adinkra" | "fugu" | "plain"; h: number; dx: number }[] = [
    { base: PALETTE.brown, kind: "mud", h: 84, dx: -8 },
    { base: "#26355C", kind: "adinkra", h: 70, dx: 10 },
    { base: "#C9A227", kind: "kente", h: 92, dx: -4 },
    { base: "#1E6B4F", kind: "plain", h: 56, dx: 14 },
    { base: PALETTE.terracotta, kind: "ankara", h: 84, dx: -12 },
    { base: "#2C3A5E", kind: "fugu", h: 64, dx: 6 },
    { base: PALETTE.green, kind: "kente", h: 96, dx: -2 },
    { base: "#E2A72E", kind: "ankara", h: 76, dx: 8 },
  ];
  let y = 880;
  const blur = blurFilter(defs, 5);
  const slabs: string[] = [];
  for (const [i, L] of layers.entries()) {
    const x0 = 130 + L.dx;
    const x1 = 670 + L.dx;
    const y1 = y;
    const y0 = y - L.h;
    const r = L.h * 0.42;
    const d = `M${x0 + 10},${y0} L${x1 - r},${y0} C${x1 + r * 0.2},${y0} ${x1 + 2},${y0 + L.h * 0.3} ${x1 + 2},${y0 + L.h / 2} C${x1 + 2},${y1 - L.h * 0.2} ${x1 - r * 0.3},${y1} ${x1 - r},${y1} L${x0 + 10},${y1} C${x0 - 4},${y1} ${x0 - 6},${y0 + L.h * 0.7} ${x0 - 6},${y0 + L.h / 2} C${x0 - 6},${y0 + L.h * 0.25} ${x0 - 4},${y0} ${x0 + 10},${y0} Z`;
    let pat: string | null = null;
    const tf = `translate(${x0},${y0})`;
    if (L.kind === "kente") pat = patternFrom(defs, `k:${L.base}`, kenteTile(L.base), `${tf} rotate(-90) scale(0.8)`);
    if (L.kind === "ankara") pat = patternFrom(defs, `a:${L.base}`, ankaraTile(L.base, `stack${i}`), `${tf} scale(0.7)`);
    if (L.kind === "mud") pat = patternFrom(defs, `m:${L.base}`, mudclothTile(L.base, "stack"), `${tf} scale(0.8)`);
    if (L.kind === "adinkra") {
      const ink = adinkraInk(L.base);
      pat = patternFrom(defs, `ad:${L.base}`, adinkraTile(ink.ink, ink.opacity), `${tf} scale(0.6)`);
    }
    if (L.kind === "fugu") pat = patternFrom(defs, `f:${L.base}`, fuguTile(L.base), `${tf} scale(0.8)`);
    let slab = `<path d="${d}" fill="#000" opacity="0.5" transform="translate(0,6)" filter="url(#${blur})"/>`;
    slab += `<path d="${d}" fill="${L.base}"/>`;
    if (pat) slab += `<path d="${d}" fill="url(#${pat})"/>`;
    slab += `<path d="${d}" fill="url(#${fold})"/><path d="${d}" fill="url(#${sides})"/>`;
    slab += `<path d="M${x0 + 14},${y0 + 3} L${x1 - r},${y0 + 3}" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`;
    slab += `<path d="${d}" fill="none" stroke="${darken(L.base, 0.6)}" stroke-opacity="0.6" stroke-width="1.2"/>`;
    slabs.push(slab);
    y = y0 + 2;
  }
  // draw bottom-up so each fold sits on the one below
  s += slabs.join("");
  // the top of the stack, seen slightly from above
  const topY = y;
  const last = layers[layers.length - 1];
  if (last) {
    const x0 = 130 + last.dx;
    const x1 = 670 + last.dx;
    const d = `M${x0 + 20},${topY - 60} L${x1 - 30},${topY - 60} L${x1},${topY + 2} L${x0 - 4},${topY + 2} Z`;
    const pat = patternFrom(defs, "top-ank", ankaraTile(last.base, "stack7"), `translate(${x0},${topY - 60}) scale(0.7)`);
    s += `<path d="${d}" fill="${lighten(last.base, 0.06)}"/><path d="${d}" fill="url(#${pat})"/>`;
    s += `<path d="${d}" fill="#fff" opacity="0.08"/>`;
    // a kente strip laid across the top, hanging over the edge
    const strip = `M${x0 + 250},${topY - 60} L${x0 + 310},${topY - 60} L${x0 + 318},${topY + 150} L${x0 + 258},${topY + 150} Z`;
    const sp = patternFrom(defs, "strip", kenteTile(PALETTE.gold), kenteAlign(x0 + 284, topY - 60, 1.2, 2));
    s += `<path d="${strip}" fill="#000" opacity="0.45" transform="translate(6,6)" filter="url(#${blur})"/>`;
    s += `<path d="${strip}" fill="url(#${sp})"/><path d="${strip}" fill="url(#${sides})"/>`;
  }
  // thread and a measuring tape in the foreground
  s += `<path d="M40,960 C200,900 420,990 760,930" fill="none" stroke="#E8C547" stroke-width="16"/><path d="M40,960 C200,900 420,990 760,930" fill="none" stroke="#2A1C10" stroke-width="8" stroke-dasharray="1.2 5.8" opacity="0.8"/>`;
  const vig = defs.id("vig");
  defs.add(
    `<radialGradient id="${vig}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>`,
  );
  s += `<rect width="${W}" height="${H}" fill="url(#${vig})"/>`;
  return svgDoc(width, height, W, H, `${defs}${s}`);
}
