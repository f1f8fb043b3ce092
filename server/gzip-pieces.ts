import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A piece of text that is the same in many responses (the inlined stylesheet: half of every
 * cached page), deflated once, at the best level, when it is first used. `gzipPieces` puts it
 * into each page's gzip stream as it is, so a page render compresses only what is its own.
 */
export class ConstantText {
  readonly bytes: Buffer;
  /** Raw deflate blocks, none final, ending on a byte boundary (a sync flush): they can be followed by more. */
  readonly deflated: Buffer;
  /** The CRC-32 of `bytes`, and what carries a CRC over them (`crc32Append`): a page's check sum never reads them again. */
  readonly crc: number;
  readonly crcShift: number;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
    this.deflated = deflateOpen(this.bytes, zlib.constants.Z_BEST_COMPRESSION);
    this.crc = zlib.crc32(this.bytes);
    this.crcShift = crc32ShiftFor(this.bytes.length);
  }
}

/**
 * A page as pieces: bytes of its own (UTF-8, as rendered: a page is never decoded into a string
 * and encoded again, which on a page with "₵" in it costs a millisecond), and constant texts
 * shared with other pages.
 */
export type PagePieces = (Buffer | ConstantText)[];

/** A piece's bytes, whether its own or a constant text's. */
export function pieceBytes(piece: Buffer | ConstantText): Buffer {
  return piece instanceof ConstantText ? piece.bytes : piece;
}

export function piecesText(pieces: PagePieces): string {
  return Buffer.concat(pieces.map(pieceBytes)).toString();
}

/**
 * The binding under a Node zlib stream, which `zlib.deflateRawSync` drives in a loop (lib/zlib.js,
 * processChunkSync) and then closes. After each write, `_writeState` holds the output space and
 * the input left.
 */
interface ZlibHandle {
  writeSync(flush: number, input: Buffer, inOffset: number, inLength: number, output: Buffer, outOffset: number, outLength: number): void;
  reset(): void;
}
interface DeflateStream {
  _handle: ZlibHandle;
  _writeState: Uint32Array;
  close(): void;
}

/** One deflate stream per level, reset between pieces, and the space it writes into. */
const deflaters = new Map<number, { stream: DeflateStream; output: Buffer }>();
const OUTPUT_SPACE = 128 * 1024;

/**
 * Raw deflate of `bytes`, sync-flushed rather than finished, so further blocks may follow.
 * `deflateRawSync` makes a zlib stream for every call (a handle, and some 300 KB of zlib's state
 * allocated, cleared and freed) and closes it after. Here one stream per level is reset after
 * each piece (deflateReset: nothing of the last piece is kept) and writes into the same space;
 * each piece's output is copied out at its size. About 1 % less CPU per page nobody has asked for
 * yet (docs/performance.md, "2026-12-06, evening"). Node has no public call for this:
 * gzip-pieces.test.ts fails if the binding changes.
 */
function deflateOpen(bytes: Buffer, level: number): Buffer {
  let deflater = deflaters.get(level);
  if (!deflater) {
    deflater = { stream: zlib.createDeflateRaw({ level }) as unknown as DeflateStream, output: Buffer.allocUnsafe(OUTPUT_SPACE) };
    deflaters.set(level, deflater);
  }
  const { stream, output } = deflater;
  const handle = stream._handle;
  const state = stream._writeState;
  const outputs: Buffer[] = [];
  let inOffset = 0;
  let inLeft = bytes.length;
  try {
    for (;;) {
      handle.writeSync(zlib.constants.Z_SYNC_FLUSH, bytes, inOffset, inLeft, output, 0, output.length);
      const outLeft = state[0]!;
      const inAfter = state[1]!;
      outputs.push(Buffer.from(output.subarray(0, output.length - outLeft)));
      inOffset += inLeft - inAfter;
      inLeft = inAfter;
      // Space left over means zlib wrote all it had: the piece is compressed and flushed.
      if (outLeft > 0) break;
    }
  } catch (error) {
    // A stream that failed mid-piece is closed and never used again.
    deflaters.delete(level);
    stream.close();
    throw error;
  }
  handle.reset();
  return outputs.length === 1 ? outputs[0]! : Buffer.concat(outputs);
}

/** Raw deflate's options for blocks that further blocks may follow (sync-flushed, not finished). */
function openDeflate(level: number): zlib.ZlibOptions {
  return { level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
}

/** The header of a gzip member (RFC 1952): magic, deflate, no flags, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty, final fixed-Huffman deflate block: ends the stream that the pieces' blocks began. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One gzip member of the pieces' text, as `zlib.gunzip` and every browser read it: each piece's
 * deflate blocks in turn (each sync-flushed piece starts on a byte boundary and refers to nothing
 * before it, so they may be laid end to end), a final empty block, then the CRC-32 and length of
 * the whole text. Own text is compressed at `level`; constant text was compressed once.
 */
export function gzipPieces(pieces: PagePieces, level: number): Buffer {
  return gzipMember(
    pieces,
    pieces.map((piece) => (piece instanceof ConstantText ? piece.deflated : piece.length === 0 ? piece : deflateOpen(piece, level))),
  );
}

/**
 * `gzipPieces`, the own text compressed on libuv's thread pool rather than on the event loop: for
 * a kept page compressed again at a slow level, while the server goes on answering.
 */
export async function gzipPiecesOffThread(pieces: PagePieces, level: number): Promise<Buffer> {
  const options = openDeflate(level);
  const deflated = await Promise.all(
    pieces.map((piece) =>
      piece instanceof ConstantText ? piece.deflated : piece.length === 0 ? piece : promisify(zlib.deflateRaw)(piece, options),
    ),
  );
  return gzipMember(pieces, deflated);
}

function gzipMember(pieces: PagePieces, deflated: Buffer[]): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  pieces.forEach((piece, index) => {
    const bytes = pieceBytes(piece);
    if (bytes.length === 0) return;
    parts.push(deflated[index]!);
    crc = piece instanceof ConstantText ? crc32Append(crc, piece.crc, piece.crcShift) : zlib.crc32(bytes, crc);
    length += bytes.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Where each constant text lies in a page's bytes, to find the pieces again in the page inflated. */
export interface PlacedConstant {
  at: number;
  text: ConstantText;
}

export function placedConstants(pieces: PagePieces): PlacedConstant[] {
  const placed: PlacedConstant[] = [];
  let at = 0;
  for (const piece of pieces) {
    if (piece instanceof ConstantText) placed.push({ at, text: piece });
    at += pieceBytes(piece).length;
  }
  return placed;
}

/** A page's bytes as pieces again around its constant texts; the page whole if one is not where it was. */
export function piecesAround(page: Buffer, constants: PlacedConstant[]): PagePieces {
  const pieces: PagePieces = [];
  let at = 0;
  for (const { at: start, text } of constants) {
    const end = start + text.bytes.length;
    if (start < at || end > page.length || !page.subarray(start, end).equals(text.bytes)) return [page];
    pieces.push(page.subarray(at, start), text);
    at = end;
  }
  pieces.push(page.subarray(at));
  return pieces;
}

/*
 * CRC-32 of two texts end to end from the CRC of each, as zlib's crc32_combine_gen and
 * crc32_combine_op do (node exposes neither): the first CRC is carried over the second text's
 * length by multiplying it, as a polynomial over GF(2) modulo the CRC's, by x^(8 × length), a
 * factor that depends on the length alone and is worked out once per constant text. A page's
 * stylesheet is half its bytes; this way its CRC is not computed again for every page.
 */
const CRC_POLYNOMIAL = 0xedb88320;

/** a × b modulo the CRC polynomial, both reflected as CRC-32 writes them. */
function multiplyModCrc(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(8 × length) modulo the CRC polynomial: the factor that carries a CRC over `length` bytes. */
export function crc32ShiftFor(length: number): number {
  let factor = 0x80000000; // x^0
  let power = 0x40000000; // x^1, squared as the bits of 8 × length are read
  for (let n = length * 8; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) factor = multiplyModCrc(power, factor);
    power = multiplyModCrc(power, power);
  }
  return factor;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and `crc32ShiftFor(B's length)`. */
export function crc32Append(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModCrc(shiftB, crcA) ^ crcB) >>> 0;
}
