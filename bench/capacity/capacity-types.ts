import type { HttpKind, SendMode } from './capacity-protocol';

export const CAPACITY_TARGET_MS = { delivery: 100, http: 100 } as const;

export interface CapacityOptions {
  steps: number[];
  holdSeconds: number;
  /** Wait after the ramp before measuring: users added at a step start their minute within one cycle. */
  settleSeconds: number;
  connectsPerSecond: number;
  generators: number;
  deployments: Array<'sqlite' | 'postgres'>;
  sendMode: SendMode;
  rooms: number;
  roomsPerUser: number;
  zipfS: number;
  cycleSeconds: number;
  senderShare: number;
  /** Measure every step even after one missed (profiling the decline); the result is unchanged. */
  continueAfterMiss: boolean;
  /** Read the unread counts again after each delivery, as the browser's sidebar does (300 ms coalescing). */
  unreadOnDelivery: boolean;
  /** Write each product process's CPU profile into this folder (node --cpu-prof). */
  cpuProfileDir?: string | undefined;
  /** Time every SQLite statement of the product process and write the table here (SQLite only). */
  sqlProfileFile?: string | undefined;
}

export interface CapacityStep {
  users: number;
  /** Sockets open at the end of the hold (over all generators). */
  connected: number;
  failedConnections: number;
  connectErrors: Record<string, number>;
  holdSeconds: number;
  delivery: { count: number; expected: number; asEvent: number; asActivity: number; p50Ms: number; p99Ms: number };
  http: { count: number; p50Ms: number; p99Ms: number; byKind: Record<HttpKind, { count: number; p99Ms: number }> };
  httpFailures: Record<string, number>;
  roomOpens: number;
  messagesSent: number;
  typingFrames: number;
  closes: Record<string, number>;
  /** CPU in cores (1 = one core busy all the time). */
  cpu: { server: number[]; services: number; generators: number[]; others: number; machineCores: number };
  eventLoop: Array<{ p99Ms: number; maxMs: number }>;
  rssBytes: number[];
  /** (RSS at this step − RSS idle) / users, over all product processes. */
  bytesPerUser: number;
  openFiles: Array<{ open: number; limit: number }>;
  /**
   * Each product process's own metrics over the hold (its METRICS_PORT, scraped once a second), in
   * the order of `cpu.server`. Absent in results measured before they were recorded.
   */
  serverMetrics?: ServerMetricsWindow[];
  passed: boolean;
  /** Why the step failed (empty when it passed). */
  misses: string[];
}

/** The size of a product process's PostgreSQL pool (server/db/database.ts: poolSize, 10 unless set). */
export const POSTGRES_POOL_SIZE = 10;

/** One product process's Prometheus metrics over a step's measured window. */
export interface ServerMetricsWindow {
  /** Scrapes that answered during the window (about one a second, plus one at each end). */
  scrapes: number;
  /**
   * The PostgreSQL pool (`reporooms_db_pool_connections`; absent on SQLite, which has none):
   * queries waiting for a connection and connections lent out (total − idle), mean and maximum
   * over the scrapes, and the most connections open at once.
   */
  pool?: { waitingMean: number; waitingMax: number; busyMean: number; busyMax: number; openMax: number };
  /**
   * Room events this process committed (and published) and then wrote to one of its own sockets
   * within the window (`reporooms_realtime_delivery_latency_seconds`): how many writes, and the p99
   * of commit → socket write in ms, the upper bound of its histogram bucket (null: none; the
   * largest bound, 5,000 ms, means at least that). Events that reach the process over Redis from
   * the other process are not timed: it did not see their commit.
   */
  commitToWrite: { count: number; p99Ms: number | null };
}

export interface CapacityDeployment {
  name: 'sqlite' | 'postgres';
  description: string;
  processes: number;
  idleRssBytes: number[];
  steps: CapacityStep[];
  /** Largest N whose step passed (0: none). */
  capacity: number;
  /** What ran out at the first failing step (or "not reached" when every step passed). */
  limitingResource: string;
  notes: string[];
}

export interface CapacityResult {
  measuredAt: string;
  options: CapacityOptions;
  deployments: CapacityDeployment[];
}
