import type { Logger } from 'pino';
import { SYNC_RATE, type ProfileSyncService } from './profile-sync.service';
import { DomainError } from '../../errors';

/**
 * Fills a profile from GitHub right after sign-in, so a new user's public profile is not empty
 * until they press 'Sync Now'. It runs in the background once the sign-in has completed: it never
 * delays or fails the sign-in, and it counts against the same per-user sync limit as 'Sync Now'
 * (a refused or failed sync is only logged). `drain` waits for the ones under way (shutdown, tests).
 */
export function createSignInSync(deps: {
  sync: Pick<ProfileSyncService, 'sync'>;
  /** When the profile was last synced (ISO), null when never. */
  lastSyncedAt(userId: string): Promise<string | null>;
  logger: Logger;
  now: () => number;
}) {
  const { sync, logger } = deps;
  const running = new Set<Promise<void>>();
  /** A sync this recent is not repeated at sign-in, so signing in again keeps the 'Sync Now' budget. */
  const fresh = async (userId: string) => {
    const at = await deps.lastSyncedAt(userId);
    return at !== null && deps.now() - Date.parse(at) < SYNC_RATE.windowMs;
  };
  return {
    start(userId: string): void {
      const task = fresh(userId)
        .then(async (skip) => {
          if (skip) return;
          await sync.sync(userId);
          logger.info({ userId }, 'GitHub data synced at sign-in');
        })
        .catch((error: unknown) => {
          const kind = error instanceof DomainError ? error.kind : undefined;
          logger.warn(
            { userId, kind, err: error instanceof Error ? error.message : String(error) },
            'GitHub sync at sign-in skipped',
          );
        })
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}
export type SignInSync = ReturnType<typeof createSignInSync>;
