import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/** Random bytes drawn 4 KiB at a time: one call into the system's generator per 256 ids, not per id. */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** `count` fresh random bytes (a view into the pool, valid until the next call). */
function randomView(count: number): Buffer {
  if (poolOffset + count > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const view = pool.subarray(poolOffset, poolOffset + count);
  poolOffset += count;
  return view;
}

/**
 * A UUID (version 7 layout) whose leading bits are the creation time, plus a counter within one
 * millisecond: messages created in the same millisecond still sort in creation order by (created_at, id).
 */
export function timeOrderedId(nowMs: number = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    counter = randomView(2).readUInt16BE(0) & 0x3ff;
  } else {
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
  }
  return timeOrderedIdAt(lastMs, counter);
}

/**
 * The id of a message created at `ms` with the given within-millisecond counter (0..0xfff), for
 * content written with its own past timestamps (demo content): the process-wide clock above is
 * neither read nor moved.
 */
export function timeOrderedIdAt(ms: number, counter: number): string {
  const bytes = Buffer.from(randomView(16));
  bytes.writeUIntBE(Math.floor(ms / 2 ** 16), 0, 4);
  bytes.writeUInt16BE(ms % 2 ** 16, 4);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
