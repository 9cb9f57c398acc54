/**
 * What one signed-in user may ask of the WebSocket endpoint. Real use stays far below every
 * figure: a tab opens one socket, subscribes to its rooms once (a handful, at most 50), pings
 * every 25 s and sends typing at most once per 1.8 s. A reconnect of every tab at once (a server
 * restart) re-subscribes each room once. The budgets exist so that one account cannot occupy the
 * event loop that every other user shares.
 */

/** Frames one socket may send: a burst of `limit`, refilled evenly over `windowMs`. */
export const SOCKET_FRAME_BUDGET = { limit: 120, windowMs: 10_000 } as const;

/**
 * Frames one user may send over all their sockets, on every server process (counted by the
 * shared rate limiter: Redis when configured). Several busy tabs reconnecting at once stay well
 * inside it; a flood spread over many sockets does not.
 */
export const USER_FRAME_BUDGET = { limit: 600, windowMs: 60_000 } as const;

/**
 * Open sockets per session (one browser: one socket per tab) and per user (several browsers).
 * These are counted per process: a count shared between processes would need claims that
 * outlive a crashed process, and what a socket can cost is already bounded across processes by
 * the shared per-user frame budget and by the shared limit on new connections below.
 */
export const MAX_SOCKETS_PER_SESSION = 20;
export const MAX_SOCKETS_PER_USER = 40;

/** New connections per user, on every process: reconnects of many tabs fit, a reconnect loop does not. */
export const USER_CONNECT_BUDGET = { limit: 60, windowMs: 60_000 } as const;

/**
 * Token bucket for one socket's frames: O(1) per frame and no shared state, so it is checked
 * before anything else happens to a frame.
 */
export class FrameBudget {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limit;
    this.updatedAt = now();
  }

  /** Spends one frame; false once the socket has used up its budget. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.limit, this.tokens + ((t - this.updatedAt) * this.limit) / this.windowMs);
    this.updatedAt = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
