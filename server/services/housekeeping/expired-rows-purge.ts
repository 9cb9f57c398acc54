import type { Logger } from 'pino';
import type { OAuthStatesRepository } from '../../db/repositories/oauth-states.repository';
import type { SessionsService } from '../sessions.service';
import type { AttachmentsService } from '../attachments/attachments.service';

/** How often expired sessions and pending sign-ins are deleted (on average, per process). */
export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

export interface ExpiredRowsPurge {
  /** One purge now; resolves with what was deleted (0s when it failed: it is logged, never thrown). */
  runOnce(): Promise<{ sessions: number; oauthStates: number }>;
  /** Stops the schedule and waits for a purge under way. */
  stop(): Promise<void>;
}

/**
 * Deletes expired sessions and OAuth states in the background, so the tables do not grow with
 * every visitor who never comes back. Safe with several processes on one database: the delete
 * is by expiry only (two processes deleting the same rows is harmless), and each process waits
 * a random 50–150 % of the interval, so they do not all purge at the same moment.
 */
export function startExpiredRowsPurge(deps: {
  sessions: SessionsService;
  oauthStates: OAuthStatesRepository;
  /** Uploads no message took within the hour are deleted with the expired rows. */
  unsentAttachments?: Pick<AttachmentsService, 'purgeUnsent'>;
  logger: Logger;
  now: () => number;
  intervalMs?: number;
}): ExpiredRowsPurge {
  const intervalMs = deps.intervalMs ?? PURGE_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sessions: number; oauthStates: number }> | undefined;
  let stopped = false;

  const runOnce = () =>
    (running ??= (async () => {
      try {
        const sessions = await deps.sessions.purgeExpired();
        const oauthStates = await deps.oauthStates.deleteExpired(new Date(deps.now()).toISOString());
        const attachments = (await deps.unsentAttachments?.purgeUnsent()) ?? 0;
        if (sessions + oauthStates + attachments > 0) {
          deps.logger.info({ sessions, oauthStates, attachments }, 'expired rows purged');
        }
        return { sessions, oauthStates };
      } catch (error) {
        deps.logger.warn({ err: error }, 'purge of expired rows failed; next attempt at the next interval');
        return { sessions: 0, oauthStates: 0 };
      } finally {
        running = undefined;
      }
    })());

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void runOnce().finally(schedule);
      },
      intervalMs * (0.5 + Math.random()),
    );
    // Housekeeping never keeps the process alive on its own.
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
