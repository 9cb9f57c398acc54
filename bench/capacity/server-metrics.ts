/**
 * Samples each product process's Prometheus metrics (its METRICS_PORT listener) once a second over
 * a step's measured window: the PostgreSQL pool's gauge and the commit → socket-write histogram.
 * The server is not changed: it exports these when METRICS_PORT is set.
 */
import { sleep } from '../../server/testing/services/free-port';
import type { ServerMetricsWindow } from './capacity-types';
import {
  histogramBuckets,
  parsePrometheusText,
  sampleValue,
  windowQuantile,
  type PromBucket,
  type PromSample,
} from './prometheus-text';

const POOL = 'reporooms_db_pool_connections';
const COMMIT_TO_WRITE = 'reporooms_realtime_delivery_latency_seconds';

async function scrape(url: string): Promise<PromSample[] | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    return parsePrometheusText(await response.text());
  } catch {
    // A scrape that times out (a stalled process) is a missing sample, not a failed step.
    return undefined;
  }
}

interface PoolSample {
  waiting: number;
  busy: number;
  open: number;
}

function poolSample(samples: PromSample[]): PoolSample | undefined {
  const total = sampleValue(samples, POOL, { state: 'total' });
  const idle = sampleValue(samples, POOL, { state: 'idle' });
  const waiting = sampleValue(samples, POOL, { state: 'waiting' });
  if (total === undefined || idle === undefined || waiting === undefined) return undefined;
  return { waiting, busy: total - idle, open: total };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** What one process's scrapes over the window add up to. */
export function summarise(
  start: PromBucket[],
  end: PromBucket[],
  pool: PoolSample[],
  scrapes: number,
): ServerMetricsWindow {
  const { count, upper } = windowQuantile(start, end, 0.99);
  return {
    scrapes,
    ...(pool.length > 0
      ? {
          pool: {
            waitingMean: round2(mean(pool.map((p) => p.waiting))),
            waitingMax: Math.max(...pool.map((p) => p.waiting)),
            busyMean: round2(mean(pool.map((p) => p.busy))),
            busyMax: Math.max(...pool.map((p) => p.busy)),
            openMax: Math.max(...pool.map((p) => p.open)),
          },
        }
      : {}),
    commitToWrite: { count, p99Ms: upper === null ? null : round2(upper * 1000) },
  };
}

/**
 * Scrapes every process once (the window's start), then once a second until `stop`, which scrapes
 * once more (the window's end) and answers each process's window, in the order of `urls`.
 */
export async function startServerMetrics(
  urls: string[],
  intervalMs = 1000,
): Promise<{ stop: () => Promise<ServerMetricsWindow[]> }> {
  const first = await Promise.all(urls.map(scrape));
  const start = first.map((samples) => (samples ? histogramBuckets(samples, COMMIT_TO_WRITE) : []));
  const last: PromBucket[][] = [...start];
  const pools: PoolSample[][] = urls.map(() => []);
  const scrapes = urls.map(() => 0);
  const record = (samples: PromSample[] | undefined, i: number) => {
    if (!samples) return;
    scrapes[i] = (scrapes[i] ?? 0) + 1;
    const pool = poolSample(samples);
    if (pool) pools[i]?.push(pool);
    const buckets = histogramBuckets(samples, COMMIT_TO_WRITE);
    if (buckets.length > 0) last[i] = buckets;
  };
  first.forEach(record);

  let running = true;
  const began = Date.now();
  const loop = (async () => {
    for (let tick = 1; running; tick += 1) {
      // On a fixed beat: a slow scrape does not shift the ones after it.
      await sleep(Math.max(0, began + tick * intervalMs - Date.now()));
      if (!running) break;
      (await Promise.all(urls.map(scrape))).forEach(record);
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
      (await Promise.all(urls.map(scrape))).forEach(record);
      return urls.map((_, i) => summarise(start[i] ?? [], last[i] ?? [], pools[i] ?? [], scrapes[i] ?? 0));
    },
  };
}

/** The step log's words for the processes' windows: pool use and commit → socket-write p99 per process. */
export function serverMetricsLog(windows: ServerMetricsWindow[]): string {
  const pool = windows.map((w) =>
    w.pool ? `waiting ${w.pool.waitingMean}/${w.pool.waitingMax} busy ${w.pool.busyMean}/${w.pool.busyMax}` : 'no pool',
  );
  const commit = windows.map((w) =>
    w.commitToWrite.p99Ms === null ? '– (0)' : `${w.commitToWrite.p99Ms} (${w.commitToWrite.count})`,
  );
  return (
    `pool (mean/max) ${pool.join(', ')}; commit→write p99 ${commit.join(' / ')} ms; ` +
    `scrapes ${windows.map((w) => w.scrapes).join('/')}`
  );
}
