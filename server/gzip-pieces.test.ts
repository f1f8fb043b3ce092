import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ConstantText, crc32Append, crc32ShiftFor, gzipPieces, pieceBytes, piecesText, type PagePieces } from "./gzip-pieces";

const stylesheet = new ConstantText(
  `<style>${Array.from({ length: 300 }, (_, i) => `.c${i}{color:#1d5b43;margin:${i}px}`).join("")}</style>`,
);
const page = (name: string): PagePieces => [
  Buffer.from(`<!DOCTYPE html><html><head><title>${name} — Ahenfie</title>`),
  stylesheet,
  Buffer.from(`</head><body><h1>${name}</h1><p>₵1,250.00 · Royal Gold, XXL</p>${"<li>kente</li>".repeat(50)}</body></html>`),
];

describe("gzipPieces", () => {
  it("makes one gzip stream that inflates to the pieces' text, multi-byte characters included", () => {
    for (const name of ["Kaftans", "Agbada Ɔdɔ", ""]) {
      const pieces = page(name);
      const gzipped = gzipPieces(pieces, 1);
      expect(zlib.gunzipSync(gzipped).toString()).toBe(piecesText(pieces));
      // The deflate stream alone is whole too (gunzip also checked the CRC-32 and length after it).
      expect(zlib.inflateRawSync(gzipped.subarray(10, -8)).toString()).toBe(piecesText(pieces));
    }
  });

  it("holds the constant text as compressed once, not again per page", () => {
    const pieces = page("Kaftans");
    const gzipped = gzipPieces(pieces, 1);
    expect(gzipped.includes(stylesheet.deflated)).toBe(true);
    expect(gzipped.length).toBeLessThan(zlib.gzipSync(piecesText(pieces), { level: 1 }).length + 64);
  });

  it("compresses page after page on the same zlib stream, each piece on its own: large, incompressible and empty pieces included", () => {
    // Bytes no compressor can shrink, more than the deflater's output space (128 KB) in one piece.
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 300_000 }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) & 0xff));
    const pages: PagePieces[] = [page("Kaftans"), [noise, stylesheet, Buffer.alloc(0)], page("Agbada Ɔdɔ"), [Buffer.from("₵"), noise]];
    for (const level of [1, 9, 1]) {
      for (const pieces of pages) {
        const gzipped = gzipPieces(pieces, level);
        expect(zlib.gunzipSync(gzipped).equals(Buffer.concat(pieces.map(pieceBytes)))).toBe(true);
      }
    }
    // A piece compresses exactly as on a new stream: nothing of the pages before it is carried over.
    const [own] = page("Kaftans") as Buffer[];
    const fresh = zlib.deflateRawSync(own!, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(
      gzipPieces(page("Kaftans"), 1)
        .subarray(10, 10 + fresh.length)
        .equals(fresh),
    ).toBe(true);
  });

  it("copes with empty pieces and a page of constant text only", () => {
    expect(zlib.gunzipSync(gzipPieces([Buffer.alloc(0), stylesheet, Buffer.alloc(0)], 6)).toString()).toBe(stylesheet.text);
    expect(zlib.gunzipSync(gzipPieces([], 6)).toString()).toBe("");
  });
});

describe("crc32Append", () => {
  it("gives the CRC-32 of two texts end to end, as zlib reads it, for any lengths", () => {
    const texts = ["", "a", "₵299.99", "<style>body{color:red}</style>".repeat(3000), Buffer.alloc(70_001, 7).toString()];
    for (const a of texts) {
      for (const b of texts) {
        const bytesA = Buffer.from(a);
        const bytesB = Buffer.from(b);
        const joined = crc32Append(zlib.crc32(bytesA), zlib.crc32(bytesB), crc32ShiftFor(bytesB.length));
        expect(joined).toBe(zlib.crc32(Buffer.concat([bytesA, bytesB])));
      }
    }
  });
});
