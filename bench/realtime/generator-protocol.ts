/** Messages between the fan-out benchmark and its load-generator process (IPC). */

export type Target = 'product' | 'raw';

export interface GeneratorRoom {
  id: string;
  memberCookies: string[];
  senderCookies: string[];
}

export type GeneratorCommand =
  | { cmd: 'connect'; target: Target; baseUrl: string; origin: string; rooms: GeneratorRoom[] }
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
