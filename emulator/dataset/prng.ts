/**
 * Seeded pseudo-random numbers. Every generated part of the dataset draws from a generator seeded
 * by a stable string (usually a repository full_name), so two loads produce identical data and
 * adding a repository never changes the data generated for the others.
 */

/** 32-bit FNV-1a followed by a murmur-style finalizer: a stable, well-mixed hash of a string. */
export function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array with `count` distinct items (order randomised). */
  sample<T>(items: readonly T[], count: number): T[];
}

/** sfc32 generator seeded from four hashes of the seed string. */
export function createRng(seed: string): Rng {
  let a = hashString(`${seed}#a`);
  let b = hashString(`${seed}#b`);
  let c = hashString(`${seed}#c`);
  let d = hashString(`${seed}#d`);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 needs a few rounds to decorrelate similar seeds.
  for (let i = 0; i < 12; i++) next();
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      // Partial Fisher-Yates: only the first `count` positions need shuffling.
      const copy = items.slice();
      const k = Math.min(Math.max(0, count), copy.length);
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy.slice(0, k);
    },
  };
}
