import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import type { GitHubApi } from '../github/github-services';

/** Publish moments older than this are forgotten: a delivery that late is not a live delivery. */
const COMMIT_MEMORY_MS = 60_000;
const MAX_REMEMBERED_COMMITS = 20_000;

/**
 * The process's Prometheus metrics (one registry per app, so tests can run several apps in one
 * process). Only created when METRICS_PORT is set; every recording call site checks for it.
 */
export function createAppMetrics() {
  const registry = new Registry();
  // Process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_seconds and percentiles).
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'reporooms_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'reporooms_realtime_deliveries_total',
    help: 'Room events written to WebSockets',
    registers: [registry],
  });
  const deliveryLatency = new Histogram({
    name: 'reporooms_realtime_delivery_latency_seconds',
    help: 'From a room event being committed (and published) by this process to its frame being written to a socket',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const busErrors = new Counter({
    name: 'reporooms_bus_errors_total',
    help: 'Failed bus operations (publish, subscribe, health check)',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  const activityRequests = new Counter({
    name: 'reporooms_github_activity_requests_total',
    help: 'Requests for a room\'s repository events by the activity poller; spent="true" cost GitHub quota (a 304 is free). Per room per hour: increase(...[1h])',
    labelNames: ['room', 'spent'] as const,
    registers: [registry],
  });
  // Zero-valued series exist from the start, so alerts can use rate() without waiting for a first error.
  for (const operation of ['publish', 'subscribe', 'health']) busErrors.inc({ operation }, 0);

  /** When each room event (room id + seq) was published here, right after its commit. */
  const committedAt = new Map<string, number>();

  return {
    registry,

    observeHttp(method: string, route: string, status: number, seconds: number): void {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },

    eventCommitted(roomId: string, seq: number): void {
      const t = performance.now();
      committedAt.set(`${roomId}:${seq}`, t);
      for (const [key, at] of committedAt) {
        if (t - at <= COMMIT_MEMORY_MS && committedAt.size <= MAX_REMEMBERED_COMMITS) break;
        committedAt.delete(key);
      }
    },

    /** A room event frame was written to one socket. */
    eventDelivered(roomId: string, seq: number): void {
      deliveries.inc();
      const at = committedAt.get(`${roomId}:${seq}`);
      if (at !== undefined) deliveryLatency.observe((performance.now() - at) / 1000);
    },

    /** The activity poller asked GitHub for a room's repository events (room: owner/name). */
    activityRequest(room: string, spent: boolean): void {
      activityRequests.inc({ room, spent: String(spent) });
    },

    busError(operation: 'publish' | 'subscribe' | 'health'): void {
      busErrors.inc({ operation });
    },

    trackOpenSockets(count: () => number): void {
      new Gauge({
        name: 'reporooms_realtime_open_sockets',
        help: 'WebSockets currently open on this process',
        registers: [registry],
        collect() {
          this.set(count());
        },
      });
    },

    trackDatabasePool(database: DatabaseHandle): void {
      const stats = database.poolStats;
      // SQLite has one connection and no pool: no series rather than a meaningless constant.
      if (!stats) return;
      new Gauge({
        name: 'reporooms_db_pool_connections',
        help: 'PostgreSQL pool: open connections (total), idle ones, and queries waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total, idle, waiting } = stats();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    },

    trackGitHubQuota(api: Pick<GitHubApi, 'quota'>): void {
      new Gauge({
        name: 'reporooms_github_quota_remaining',
        help: 'GitHub API requests left in the current window, per resource (last seen)',
        labelNames: ['resource'] as const,
        registers: [registry],
        collect() {
          for (const q of api.quota()) this.set({ resource: q.resource }, q.remaining);
        },
      });
      new Gauge({
        name: 'reporooms_github_quota_limit',
        help: 'GitHub API requests allowed per window, per resource (last seen)',
        labelNames: ['resource'] as const,
        registers: [registry],
        collect() {
          for (const q of api.quota()) this.set({ resource: q.resource }, q.limit);
        },
      });
      new Gauge({
        name: 'reporooms_github_quota_reset_timestamp_seconds',
        help: 'When the GitHub quota window of each resource resets (Unix time)',
        labelNames: ['resource'] as const,
        registers: [registry],
        collect() {
          for (const q of api.quota()) this.set({ resource: q.resource }, Date.parse(q.resetAt) / 1000);
        },
      });
    },
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;
