import type { Logger } from 'pino';
import { ApiError } from '../../http/errors';
import type { ProfileSyncService } from './profile-sync.service';

/**
 * Fills a profile from GitHub right after sign-in, so a new user's public profile is not empty
 * until they press 'Sync Now'. It runs in the background once the sign-in has completed: it never
 * delays or fails the sign-in, and it counts against the same per-user sync limit as 'Sync Now'
 * (a refused or failed sync is only logged). `drain` waits for the ones under way (shutdown, tests).
 */
export function createSignInSync(sync: Pick<ProfileSyncService, 'sync'>, logger: Logger) {
  const running = new Set<Promise<void>>();
  return {
    start(userId: string): void {
      const task = sync
        .sync(userId)
        .then(() => logger.info({ userId }, 'GitHub data synced at sign-in'))
        .catch((error: unknown) => {
          const status = error instanceof ApiError ? error.status : undefined;
          logger.warn(
            { userId, status, err: error instanceof Error ? error.message : String(error) },
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
