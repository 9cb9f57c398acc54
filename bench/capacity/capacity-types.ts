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
  passed: boolean;
  /** Why the step failed (empty when it passed). */
  misses: string[];
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
