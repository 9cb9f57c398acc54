/**
 * Latency histogram that merges across processes: 0.1 ms buckets up to 1 s, then 10 ms buckets
 * up to 60 s (the last bucket holds everything slower). Counts only, so a step of millions of
 * deliveries crosses IPC as a few kilobytes.
 */
const FINE_MS = 0.1;
const FINE_BUCKETS = 10_000;
const COARSE_MS = 10;
const COARSE_BUCKETS = 5_900;
export const HISTOGRAM_BUCKETS = FINE_BUCKETS + COARSE_BUCKETS;

export type Histogram = number[];

export function newHistogram(): Histogram {
  return new Array<number>(HISTOGRAM_BUCKETS).fill(0);
}

export function record(histogram: Histogram, ms: number): void {
  const value = Math.max(0, ms);
  const index =
    value < FINE_BUCKETS * FINE_MS
      ? Math.floor(value / FINE_MS)
      : Math.min(HISTOGRAM_BUCKETS - 1, FINE_BUCKETS + Math.floor((value - FINE_BUCKETS * FINE_MS) / COARSE_MS));
  histogram[index] = (histogram[index] ?? 0) + 1;
}

export function merge(into: Histogram, from: Histogram): Histogram {
  for (let i = 0; i < HISTOGRAM_BUCKETS; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

export function count(histogram: Histogram): number {
  return histogram.reduce((sum, n) => sum + n, 0);
}

/** The upper edge of the bucket holding the p-th percentile (ms); 0 when empty. */
export function quantile(histogram: Histogram, p: number): number {
  const total = count(histogram);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let i = 0; i < HISTOGRAM_BUCKETS; i += 1) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) {
      const upper = i < FINE_BUCKETS ? (i + 1) * FINE_MS : FINE_BUCKETS * FINE_MS + (i - FINE_BUCKETS + 1) * COARSE_MS;
      return Math.round(upper * 100) / 100;
    }
  }
  return 0;
}

/** Sparse form for IPC: [index, count] pairs of the non-empty buckets. */
export function toSparse(histogram: Histogram): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  histogram.forEach((n, i) => {
    if (n > 0) pairs.push([i, n]);
  });
  return pairs;
}

export function fromSparse(pairs: Array<[number, number]>): Histogram {
  const histogram = newHistogram();
  for (const [i, n] of pairs) histogram[i] = n;
  return histogram;
}
