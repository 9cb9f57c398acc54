/** Messages between the fan-out benchmark and its load-generator process (IPC). */

/**
 * What a step drives: the product (one process), the raw `ws` reference, or a Redis-backed
 * deployment of one or two product processes (the scaling measurement).
 */
export type Target = 'product' | 'raw' | 'redis-1' | 'redis-2';

export interface GeneratorRoom {
  id: string;
  memberCookies: string[];
  senderCookies: string[];
}

export type GeneratorCommand =
  /**
   * Opens every member socket of the rooms. With several base URLs (processes of one deployment),
   * member sockets and sends are spread over them round-robin; each is addressed with its own origin.
   */
  | { cmd: 'connect'; target: Target; baseUrls: string[]; rooms: GeneratorRoom[] }
  | { cmd: 'step'; target: Target; rate: number; durationMs: number; drainMs: number; frameBytes: number }
  | { cmd: 'idle'; target: Target; count: number; rooms: GeneratorRoom[] }
  | { cmd: 'close-idle' }
  | { cmd: 'exit' };

export interface StepReport {
  target: Target;
  rate: number;
  durationMs: number;
  sent: number;
  accepted: number;
  /** Sends refused or failed (status → count; 0 = network error). */
  failures: Record<string, number>;
  /** Sends skipped because every sender of the room had used its per-minute budget. */
  starved: number;
  expected: number;
  delivered: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Mean size of a delivered frame in bytes. */
  meanFrameBytes: number;
}

export type GeneratorEvent =
  | { evt: 'connected'; target: Target; open: number; failed: number }
  | { evt: 'step-done'; report: StepReport }
  | { evt: 'idle-open'; target: Target; open: number; failed: number }
  | { evt: 'idle-closed' }
  | { evt: 'error'; message: string };
