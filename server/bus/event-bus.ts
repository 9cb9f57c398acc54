/** Fan-out between server processes. Messages are strings (JSON); delivery is best-effort. */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  health(): Promise<{ ok: boolean; detail?: string }>;
  close(): Promise<void>;
}
