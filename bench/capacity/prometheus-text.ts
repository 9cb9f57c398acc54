/**
 * A small reader of the Prometheus text exposition format (what prom-client's registry.metrics()
 * writes): samples with their labels, one metric's value, and a histogram's buckets and quantile
 * over a window (the difference of two scrapes' cumulative bucket counts).
 */

export interface PromSample {
  /** The sample's own name (a histogram's buckets end in _bucket, its count in _count). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One cumulative bucket: observations ≤ `le` (Infinity for the +Inf bucket). */
export interface PromBucket {
  le: number;
  count: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const ESCAPES: Record<string, string> = { n: '\n', '\\': '\\', '"': '"' };

function parseValue(token: string): number {
  if (token === '+Inf' || token === 'Inf') return Infinity;
  if (token === '-Inf') return -Infinity;
  if (token === 'NaN') return NaN;
  const value = Number(token);
  if (token === '' || Number.isNaN(value)) throw new Error(`not a sample value: "${token}"`);
  return value;
}

/** Reads `{a="x",b="y"}` from `at` (the opening brace); answers the labels and where they end. */
function parseLabels(line: string, at: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    while (line[i] === ' ' || line[i] === ',') i += 1;
    if (line[i] === '}') return { labels, end: i + 1 };
    const name = NAME.exec(line.slice(i))?.[0];
    if (!name) throw new Error(`bad label name in: ${line}`);
    i += name.length;
    while (line[i] === ' ') i += 1;
    if (line[i] !== '=' || line[i + 1] !== '"') throw new Error(`bad label ${name} in: ${line}`);
    i += 2;
    let value = '';
    while (line[i] !== '"') {
      if (i >= line.length) throw new Error(`unterminated label value in: ${line}`);
      if (line[i] === '\\') {
        const next = line[i + 1] ?? '';
        value += ESCAPES[next] ?? `\\${next}`;
        i += 2;
      } else {
        value += line[i];
        i += 1;
      }
    }
    labels[name] = value;
    i += 1;
  }
}

/** Every sample of a scrape, in order; comments (# HELP, # TYPE) and blank lines are skipped. */
export function parsePrometheusText(text: string): PromSample[] {
  const samples: PromSample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad sample line: ${line}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(name.length);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, name.length);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    // The value, then an optional timestamp (ignored).
    const [value = ''] = rest.trim().split(/\s+/);
    samples.push({ name, labels, value: parseValue(value) });
  }
  return samples;
}

const matches = (sample: PromSample, labels: Record<string, string>) =>
  Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

/** The value of the first sample with this name and (at least) these labels; undefined when there is none. */
export function sampleValue(
  samples: PromSample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find((s) => s.name === name && matches(s, labels))?.value;
}

/**
 * A histogram's cumulative buckets, ascending by `le`, summed over its other labels (empty when
 * the scrape does not have it).
 */
export function histogramBuckets(samples: PromSample[], name: string): PromBucket[] {
  const byLe = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== `${name}_bucket` || s.labels.le === undefined) continue;
    const le = parseValue(s.labels.le);
    byLe.set(le, (byLe.get(le) ?? 0) + s.value);
  }
  return [...byLe.entries()].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le);
}

/**
 * The q-quantile (0..1) of the observations made between two scrapes of one histogram: the upper
 * bound of the bucket that holds it, from the difference of the cumulative counts. `upper` is
 * null when nothing was observed in between, and the largest finite bound (a lower limit then)
 * when the quantile lies in the +Inf bucket. A counter reset (the process restarted) counts the
 * end scrape alone.
 */
export function windowQuantile(
  start: PromBucket[],
  end: PromBucket[],
  q: number,
): { count: number; upper: number | null } {
  const before = new Map(start.map((b) => [b.le, b.count]));
  const total = end.at(-1)?.count ?? 0;
  const reset = total < (start.at(-1)?.count ?? 0);
  const delta = end.map((b) => ({ le: b.le, count: b.count - (reset ? 0 : (before.get(b.le) ?? 0)) }));
  const count = delta.at(-1)?.count ?? 0;
  if (count <= 0) return { count: 0, upper: null };
  const rank = Math.max(1, Math.ceil(q * count));
  const finite = delta.filter((b) => Number.isFinite(b.le));
  const bucket = delta.find((b) => b.count >= rank);
  const upper = bucket && Number.isFinite(bucket.le) ? bucket.le : (finite.at(-1)?.le ?? null);
  return { count, upper };
}
