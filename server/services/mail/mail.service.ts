import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import type { Database } from '../../db/schema';
import { mailRepository } from '../../db/repositories/mail.repository';
import type { PresenceStore } from '../presence/presence-store';
import { createMailQueue } from './mail-queue';
import { renderConfirmMail } from './mail-render';
import { CONFIRM_KIND, createMailSettingsService } from './mail-settings.service';
import { createMailTransport } from './mail-transport';
import { createMissedMail, MISSED_KIND, type PublishedMessage } from './missed-mail';
import { createDailyDigest, DIGEST_KIND } from './daily-digest';

/**
 * E-mail notifications, put together: the settings, the queue and its jobs (what someone missed,
 * address confirmations), and the transport (SMTP, or the demo outbox). The queue polls only when
 * the site sends e-mail (SMTP_URL, or demo mode).
 */
export function createMailService({
  db,
  config,
  logger,
  presence,
  now,
  pollMs,
  caughtUp,
}: {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  logger: Pick<Logger, 'warn' | 'info'>;
  presence: Pick<PresenceStore, 'connected'>;
  now: () => number;
  pollMs?: number;
  /** Resolves once the work after each commit so far is applied (post-commit-applier.ts). */
  caughtUp?: () => Promise<void>;
}) {
  const transport = createMailTransport(config.mail, db, now);
  const handlers: Parameters<typeof createMailQueue>[0]['handlers'] = {};
  const queue = createMailQueue({ db, logger, now, handlers, ...(pollMs ? { pollMs } : {}) });
  const settings = createMailSettingsService({ db, config, queue, now });
  const missed = createMissedMail({ db, config, queue, transport, addresses: settings, presence, now, caughtUp });
  handlers[MISSED_KIND] = missed.run;
  const digest = createDailyDigest({ db, config, queue, transport, addresses: settings, now });
  handlers[DIGEST_KIND] = digest.run;
  let digestTimer: ReturnType<typeof setInterval> | undefined;
  const scheduleDigests = () =>
    digest.schedule().catch((error: unknown) => logger.warn({ err: error }, 'daily digests not queued'));
  handlers[CONFIRM_KIND] = async (job) => {
    const { address, url } = JSON.parse(job.payload) as { address: string; url: string };
    await transport.send({
      to: address,
      ...renderConfirmMail(url),
      headers: {},
      messageId: `<${job.id}@${new URL(config.publicUrl).hostname}>`,
    });
    return { kind: 'sent' };
  };

  return {
    settings,
    queue,
    /** The demo outbox (/_emulator/mail): what was kept instead of sent. */
    outbox: {
      list: (limit: number) => mailRepository(db).outbox(limit),
      get: (id: string) => mailRepository(db).outboxMail(id),
    },
    /** After a message is published in a room (never a held one): e-mail jobs for whom it reaches. */
    afterMessage(message: PublishedMessage, mentioned: readonly string[]): void {
      if (!config.mail.enabled || (mentioned.length === 0 && !message.thread_root_id)) return;
      missed
        .afterMessage(message, mentioned)
        .catch((error: unknown) => logger.warn({ err: error }, 'e-mail job not queued'));
    },
    /** Queues the digests of the day now (the queue does it every minute). */
    scheduleDigests,
    start(): void {
      if (!config.mail.enabled) return;
      queue.start();
      void scheduleDigests();
      digestTimer = setInterval(() => void scheduleDigests(), 60_000);
      digestTimer.unref?.();
    },
    async stop(): Promise<void> {
      if (digestTimer) clearInterval(digestTimer);
      await queue.stop();
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
