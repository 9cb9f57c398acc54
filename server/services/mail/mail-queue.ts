import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { mailRepository } from '../../db/repositories/mail.repository';
import type { Database, MailJobRow } from '../../db/schema';

/** What a job comes to: sent, nothing to send, or "ask again at". */
export type JobOutcome = { kind: 'sent' } | { kind: 'skipped' } | { kind: 'later'; runAt: number };

export type JobHandler = (job: MailJobRow) => Promise<JobOutcome>;

/** A lease longer than any send: a process that dies holding a job gives it back when it ends. */
const LEASE_MS = 2 * 60_000;
/** Retries wait 30 s, 1, 2, 4… minutes, at most an hour; after this many the job has failed. */
const MAX_ATTEMPTS = 8;

export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The e-mail job queue in the database: every process polls it and takes due jobs one at a time
 * with a conditional update (one process gets each job), runs it, and marks it done, or puts it
 * back with a backoff when the send failed. Nothing lives only in memory, so a restart loses no
 * e-mail; a job taken by a process that stopped returns to the queue (at once on a graceful stop,
 * when its lease ends otherwise).
 */
export function createMailQueue({
  db,
  logger,
  now,
  handlers,
  pollMs = 1000,
}: {
  db: Kysely<Database>;
  logger: Pick<Logger, 'warn' | 'info'>;
  now: () => number;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
}) {
  const held = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function runOne(job: MailJobRow): Promise<void> {
    const repo = mailRepository(db);
    const at = () => new Date(now()).toISOString();
    const handler = handlers[job.kind];
    if (!handler) {
      await repo.finish(job.id, 'failed', at(), `no handler for ${job.kind}`);
      return;
    }
    try {
      const outcome = await handler(job);
      if (outcome.kind === 'later') await repo.reschedule(job.id, new Date(outcome.runAt).toISOString(), null, false);
      else await repo.finish(job.id, outcome.kind, at());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, job: job.id, attempts: job.attempts }, 'e-mail job failed');
      if (job.attempts >= MAX_ATTEMPTS) await repo.finish(job.id, 'failed', at(), message);
      else await repo.reschedule(job.id, new Date(now() + retryDelayMs(job.attempts)).toISOString(), message, true);
    }
  }

  /** Takes and runs due jobs until none is left. */
  async function drain(): Promise<void> {
    const repo = mailRepository(db);
    while (!stopped) {
      const job = await repo.claimNext(new Date(now()).toISOString(), new Date(now() + LEASE_MS).toISOString());
      if (!job) return;
      held.add(job.id);
      try {
        await runOne(job);
      } finally {
        held.delete(job.id);
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain()
        .catch((error: unknown) => logger.warn({ err: error }, 'e-mail queue poll failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, pollMs);
    timer.unref?.();
  }

  return {
    /** Adds a job unless one with the same key is queued (the same person and room, say). */
    async enqueue(job: {
      key: string;
      kind: string;
      userId: string;
      roomId: string | null;
      runAt: number;
      payload?: unknown;
    }) {
      await mailRepository(db).enqueue({
        id: randomUUID(),
        dedupe_key: job.key,
        kind: job.kind,
        user_id: job.userId,
        room_id: job.roomId,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: new Date(job.runAt).toISOString(),
        created_at: new Date(now()).toISOString(),
      });
    },
    start(): void {
      stopped = false;
      schedule();
    },
    /** Runs what is due now (tests, and a nudge after enqueueing). */
    drain,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await mailRepository(db).release([...held]);
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
