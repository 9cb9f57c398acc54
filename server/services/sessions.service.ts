import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from '../db/repositories/sessions.repository';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long a resolved session is trusted from memory. Sign-out removes it at once on every process
 * (the bus announces ended sessions, see `forget`); this bound covers what is not announced, such
 * as a row deleted by hand.
 */
export const SESSION_CACHE_TTL_MS = 30 * 1000;
/** Resolved sessions kept in memory per process (least recently used dropped first). */
const SESSION_CACHE_SIZE = 10_000;

interface CachedSession {
  userId: string;
  lastSeenMs: number;
  expiresMs: number;
  cachedAtMs: number;
}

export interface ActiveSession {
  id: string;
  userId: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Server-side sessions. The browser holds a random token; the database holds only its hash,
 * so a leaked database cannot be replayed as cookies.
 */
export function createSessionsService(repo: SessionsRepository, now: () => number = Date.now) {
  // Keyed by the token's hash (the session id), never by the token itself.
  const cache = new Map<string, CachedSession>();
  const remember = (id: string, entry: CachedSession) => {
    cache.delete(id);
    cache.set(id, entry);
    if (cache.size > SESSION_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };

  return {
    /** A new session (and a new id) at every sign-in. Returns the cookie token. */
    async create(userId: string): Promise<{ token: string; session: ActiveSession; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      const expiresAt = new Date(t + SESSION_TTL_MS);
      const id = hashToken(token);
      await repo.insert({
        id,
        user_id: userId,
        created_at: new Date(t).toISOString(),
        last_seen_at: new Date(t).toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      return { token, session: { id, userId }, expiresAt };
    },

    /**
     * Resolves a cookie token to its session, extending the 30-day window as it is used. Every
     * request asks, so a session resolved in the last SESSION_CACHE_TTL_MS answers from memory.
     */
    async resolve(token: string): Promise<ActiveSession | null> {
      if (!token || token.length > 200) return null;
      const t = now();
      const id = hashToken(token);
      const cached = cache.get(id);
      if (cached && t - cached.cachedAtMs < SESSION_CACHE_TTL_MS && t < cached.expiresMs) {
        if (t - cached.lastSeenMs <= TOUCH_INTERVAL_MS) return { id, userId: cached.userId };
      }
      cache.delete(id);
      const row = await repo.findValid(id, new Date(t).toISOString());
      if (!row) return null;
      let lastSeenMs = Date.parse(row.last_seen_at);
      let expiresMs = Date.parse(row.expires_at);
      if (t - lastSeenMs > TOUCH_INTERVAL_MS) {
        lastSeenMs = t;
        expiresMs = t + SESSION_TTL_MS;
        await repo.touch(row.id, new Date(lastSeenMs).toISOString(), new Date(expiresMs).toISOString());
      }
      remember(id, { userId: row.user_id, lastSeenMs, expiresMs, cachedAtMs: t });
      return { id: row.id, userId: row.user_id };
    },

    /** Drops a session from this process's memory (it was ended here or on another process). */
    forget(sessionId: string): void {
      cache.delete(sessionId);
    },

    /** Which of these sessions still exist, in one read (open sockets' periodic check). */
    async activeAmong(sessionIds: readonly string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      return new Set(await repo.findValidIds(sessionIds, new Date(now()).toISOString()));
    },

    async destroy(sessionId: string): Promise<void> {
      cache.delete(sessionId);
      await repo.delete(sessionId);
    },

    async purgeExpired(): Promise<number> {
      // Entries check their own expiry; the rest age out within the cache's lifetime.
      return repo.deleteExpired(new Date(now()).toISOString());
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
