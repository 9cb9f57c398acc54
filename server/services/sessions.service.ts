import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from '../db/repositories/sessions.repository';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

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

    /** Resolves a cookie token to its session, extending the 30-day window as it is used. */
    async resolve(token: string): Promise<ActiveSession | null> {
      if (!token || token.length > 200) return null;
      const t = now();
      const row = await repo.findValid(hashToken(token), new Date(t).toISOString());
      if (!row) return null;
      if (t - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
        await repo.touch(row.id, new Date(t).toISOString(), new Date(t + SESSION_TTL_MS).toISOString());
      }
      return { id: row.id, userId: row.user_id };
    },

    /** Whether a session still exists (used by open sockets to notice sign-out or expiry). */
    async isActive(sessionId: string): Promise<boolean> {
      return Boolean(await repo.findValid(sessionId, new Date(now()).toISOString()));
    },

    async destroy(sessionId: string): Promise<void> {
      await repo.delete(sessionId);
    },

    async purgeExpired(): Promise<number> {
      return repo.deleteExpired(new Date(now()).toISOString());
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
