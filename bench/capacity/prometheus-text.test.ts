import { describe, expect, it } from 'vitest';
import { histogramBuckets, parsePrometheusText, sampleValue, windowQuantile } from './prometheus-text';
import { serverMetricsLog, summarise } from './server-metrics';

/** A scrape as prom-client writes it: the pool gauge, the commit → write histogram and a labelled counter. */
function scrape(buckets: [string, number][], pool = { total: 10, idle: 3, waiting: 2 }): string {
  return [
    '# HELP reporooms_realtime_delivery_latency_seconds From a room event being committed to its frame being written',
    '# TYPE reporooms_realtime_delivery_latency_seconds histogram',
    ...buckets.map(([le, n]) => `reporooms_realtime_delivery_latency_seconds_bucket{le="${le}"} ${n}`),
    `reporooms_realtime_delivery_latency_seconds_sum 1.25`,
    `reporooms_realtime_delivery_latency_seconds_count ${buckets.at(-1)?.[1] ?? 0}`,
    '',
    '# HELP reporooms_db_pool_connections PostgreSQL pool: open connections (total), idle ones, and queries waiting for one',
    '# TYPE reporooms_db_pool_connections gauge',
    `reporooms_db_pool_connections{state="total"} ${pool.total}`,
    `reporooms_db_pool_connections{state="idle"} ${pool.idle}`,
    `reporooms_db_pool_connections{state="waiting"} ${pool.waiting}`,
    '# TYPE reporooms_bus_errors_total counter',
    'reporooms_bus_errors_total{operation="publish"} 0',
    'reporooms_github_activity_requests_total{room="a\\\\b \\"c\\"\\nd",spent="true"} 3 1732780800000',
    'nodejs_heap_size_used_bytes 1.5e+7',
    'weird_gauge NaN',
    '',
  ].join('\n');
}

const BOUNDS = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '+Inf'];
const cumulative = (counts: number[]): [string, number][] => {
  let total = 0;
  return BOUNDS.map((le, i) => [le, (total += counts[i] ?? 0)]);
};

describe('Prometheus text', () => {
  it('reads samples, labels (with escapes), exponents, NaN and timestamps, skipping comments', () => {
    const samples = parsePrometheusText(scrape(cumulative([1, 2, 3])));
    expect(sampleValue(samples, 'reporooms_db_pool_connections', { state: 'waiting' })).toBe(2);
    expect(sampleValue(samples, 'reporooms_db_pool_connections', { state: 'idle' })).toBe(3);
    expect(sampleValue(samples, 'reporooms_db_pool_connections', { state: 'nope' })).toBeUndefined();
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBe(15_000_000);
    expect(sampleValue(samples, 'weird_gauge')).toBeNaN();
    const activity = samples.find((s) => s.name === 'reporooms_github_activity_requests_total');
    expect(activity).toEqual({
      name: 'reporooms_github_activity_requests_total',
      labels: { room: 'a\\b "c"\nd', spent: 'true' },
      value: 3,
    });
    expect(samples.some((s) => s.name.startsWith('#'))).toBe(false);
  });

  it('refuses a line that is not a sample', () => {
    expect(() => parsePrometheusText('metric{le="1} 2')).toThrow(/unterminated/);
    expect(() => parsePrometheusText('metric abc')).toThrow(/not a sample value/);
  });

  it("gives a histogram's cumulative buckets in order, +Inf last", () => {
    const buckets = histogramBuckets(
      parsePrometheusText(scrape(cumulative([1, 2, 3]))),
      'reporooms_realtime_delivery_latency_seconds',
    );
    expect(buckets.map((b) => b.le)).toEqual([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, Infinity]);
    expect(buckets.at(-1)?.count).toBe(6);
    expect(histogramBuckets([], 'missing')).toEqual([]);
  });

  it('takes the quantile of the observations between two scrapes only', () => {
    const read = (counts: number[]) =>
      histogramBuckets(parsePrometheusText(scrape(cumulative(counts))), 'reporooms_realtime_delivery_latency_seconds');
    // 1,000 fast writes before the window; in it, 98 more under 1 ms and 2 between 50 and 100 ms.
    const start = read([1_000]);
    const end = read([1_098, 0, 0, 0, 0, 0, 2]);
    expect(windowQuantile(start, end, 0.99)).toEqual({ count: 100, upper: 0.1 });
    expect(windowQuantile(start, end, 0.5)).toEqual({ count: 100, upper: 0.001 });
    // Over the whole life of the process the slow two would hide below p99.
    expect(windowQuantile([], end, 0.99).upper).toBe(0.001);
    expect(windowQuantile(start, start, 0.99)).toEqual({ count: 0, upper: null });
    // In the +Inf bucket: the largest finite bound, a lower limit.
    expect(windowQuantile(start, read([1_000, 0, 0, 0, 0, 0, 0, 5]), 0.99)).toEqual({ count: 5, upper: 0.1 });
    // A restarted process counts from zero: the end scrape alone.
    expect(windowQuantile(end, read([10]), 0.99)).toEqual({ count: 10, upper: 0.001 });
  });
});

describe('server metrics window', () => {
  it('sums up the pool samples and the commit → write p99 of one process', () => {
    const start = [
      { le: 0.005, count: 10 },
      { le: 0.05, count: 10 },
      { le: Infinity, count: 10 },
    ];
    const end = [
      { le: 0.005, count: 100 },
      { le: 0.05, count: 110 },
      { le: Infinity, count: 110 },
    ];
    const pool = [
      { waiting: 0, busy: 4, open: 10 },
      { waiting: 3, busy: 10, open: 10 },
      { waiting: 1, busy: 7, open: 10 },
    ];
    const window = summarise(start, end, pool, 4);
    expect(window).toEqual({
      scrapes: 4,
      pool: { waitingMean: 1.33, waitingMax: 3, busyMean: 7, busyMax: 10, openMax: 10 },
      commitToWrite: { count: 100, p99Ms: 50 },
    });
    const sqlite = summarise([], [], [], 3);
    expect(sqlite).toEqual({ scrapes: 3, commitToWrite: { count: 0, p99Ms: null } });
    expect(serverMetricsLog([window, sqlite])).toBe(
      'pool (mean/max) waiting 1.33/3 busy 7/10, no pool; commit→write p99 50 (100) / – (0) ms; scrapes 4/3',
    );
  });
});
