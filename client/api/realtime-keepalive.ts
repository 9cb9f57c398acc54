/**
 * The socket's keep-alive: a ping every period, a pong expected within a timeout (or the
 * connection is taken for dead even if the browser has not noticed), and from each round trip
 * an estimate of the server's clock (for the age of typing signals).
 */
export class KeepAlive {
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly pingSentAt = new Map<string, number>();
  private pingCounter = 0;
  /** Estimated server clock minus local clock (ms), from pong round trips; null until measured. */
  private offset: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly timing: { pingIntervalMs?: number | undefined; pongTimeoutMs?: number | undefined },
  ) {}

  /** Pings at once and then every period; `onDead` runs when a pong does not come in time. */
  start(sendPing: (ref: string) => void, onDead: () => void): void {
    const ping = () => {
      const ref = `p${++this.pingCounter}`;
      this.pingSentAt.set(ref, this.now());
      sendPing(ref);
      if (!this.pongTimer) {
        this.pongTimer = setTimeout(() => {
          this.pongTimer = null;
          onDead();
        }, this.timing.pongTimeoutMs ?? 10_000);
      }
    };
    ping();
    this.pingTimer = setInterval(ping, this.timing.pingIntervalMs ?? 25_000);
  }

  pong(ref: string | undefined, serverTime: number): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
    const sentAt = ref ? this.pingSentAt.get(ref) : undefined;
    if (ref) this.pingSentAt.delete(ref);
    if (sentAt === undefined) return;
    const receivedAt = this.now();
    // NTP-style: the server read its clock halfway through the round trip.
    this.offset = serverTime - (sentAt + receivedAt) / 2;
  }

  /** Estimated server clock minus local clock (ms); null until a round trip was measured. */
  clockOffset(): number | null {
    return this.offset;
  }

  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
    this.pingSentAt.clear();
  }
}
