import { deflateSync } from 'node:zlib';
import { createRng } from '../dataset/prng';
import type { BinaryKind } from './paths';

/**
 * Deterministic bytes for binary files. PNG, GIF and BMP files are valid small images (a pattern
 * of two colours); the other kinds start with their format's signature, so anything that sniffs
 * the type sees a binary file of that kind.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIZE = 16;

function png(colours: [number[], number[]]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < SIZE; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < SIZE; x++) rows.push(...colours[(x >> 2) % 2 === (y >> 2) % 2 ? 0 : 1]);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF of one colour. */
function gif(colour: number[]): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // 1×1, a global table of two colours
    ...colour,
    0,
    0,
    0,
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor
    2,
    2,
    0x44,
    0x01,
    0, // LZW data
    0x3b,
  ]);
}

function bmp(colours: [number[], number[]]): Buffer {
  const rowBytes = SIZE * 3;
  const pixels = Buffer.alloc(rowBytes * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const [r = 0, g = 0, b = 0] = colours[(x >> 2) % 2 === (y >> 2) % 2 ? 0 : 1];
      pixels.set([b, g, r], y * rowBytes + x * 3);
    }
  const head = Buffer.alloc(54);
  head.write('BM', 0, 'ascii');
  head.writeUInt32LE(54 + pixels.length, 2);
  head.writeUInt32LE(54, 10);
  head.writeUInt32LE(40, 14);
  head.writeInt32LE(SIZE, 18);
  head.writeInt32LE(SIZE, 22);
  head.writeUInt16LE(1, 26);
  head.writeUInt16LE(24, 28);
  head.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([head, pixels]);
}

const SIGNATURES: Record<Exclude<BinaryKind, 'png' | 'gif' | 'bmp'>, number[]> = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00],
  webp: [0x52, 0x49, 0x46, 0x46, 0x00, 0x01, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50],
  ico: [0x00, 0x00, 0x01, 0x00, 0x01, 0x00],
  pdf: [...Buffer.from('%PDF-1.7\n%', 'ascii'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a],
  zip: [0x50, 0x4b, 0x03, 0x04],
  gzip: [0x1f, 0x8b, 0x08, 0x00],
  woff: [...Buffer.from('wOFF', 'ascii')],
  wasm: [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
};

export function generateBinary(kind: BinaryKind, repo: string, path: string): Buffer {
  const rng = createRng(`binary:${repo.toLowerCase()}:${path}`);
  const colour = (): number[] => [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];
  if (kind === 'png') return png([colour(), colour()]);
  if (kind === 'gif') return gif(colour());
  if (kind === 'bmp') return bmp([colour(), colour()]);
  const body = Buffer.alloc(rng.int(2_000, 40_000));
  for (let i = 0; i < body.length; i++) body[i] = rng.int(0, 255);
  // A NUL early on is what tools (git, GitHub) look for to call a file binary.
  body[0] = 0;
  return Buffer.concat([Buffer.from(SIGNATURES[kind]), body]);
}
