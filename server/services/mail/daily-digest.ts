import type { Kysely } from 'kysely';
import type { Config } from '../../config/config';
import type { Database, MailJobRow } from '../../db/schema';
import type { JobOutcome, MailQueue } from './mail-queue';
import { renderDigestMail } from './mail-render';
import type { MailAddressBook } from './mail-settings.service';
import type { MailTransport } from './mail-transport';
import { unsubscribeHeaders } from './missed-mail';

export const DIGEST_KIND = 'digest';
const DAY_MS = 24 * 60 * 60_000;
/** The digest of a day goes out this long after it ends (UTC). */
const AFTER_MIDNIGHT_MS = 5 * 60_000;
const THREADS_PER_ROOM = 20;

/**
 * The "Daily digest" (docs/PRODUCT.md §21): for each room a person chose, the threads that moved
 * during the day (UTC) with their answer counts and accepted answers, in one e-mail sent just
 * after the day ends. A job per person and day, queued by every process (its key keeps it single).
 */
export function createDailyDigest({
  db,
  config,
  queue,
  transport,
  addresses,
  now,
}: {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl'>;
  queue: Pick<MailQueue, 'enqueue'>;
  transport: MailTransport;
  addresses: MailAddressBook;
  now: () => number;
}) {
  return {
    /** Queues today's digest of everyone who chose rooms (run every minute or so). */
    async schedule(): Promise<void> {
      const day = new Date(now()).toISOString().slice(0, 10);
      const runAt = Date.parse(`${day}T00:00:00.000Z`) + DAY_MS + AFTER_MIDNIGHT_MS;
      const users = await db.selectFrom('mail_digest_rooms').select('user_id').distinct().execute();
      for (const { user_id: userId } of users) {
        await queue.enqueue({
          key: `${DIGEST_KIND}:${userId}:${day}`,
          kind: DIGEST_KIND,
          userId,
          roomId: null,
          runAt,
          payload: { day },
        });
      }
    },

    async run(job: MailJobRow): Promise<JobOutcome> {
      const { day } = JSON.parse(job.payload) as { day: string };
      const recipient = await addresses.recipient(job.user_id);
      if (!recipient) return { kind: 'skipped' };
      const from = `${day}T00:00:00.000Z`;
      const to = new Date(Date.parse(from) + DAY_MS).toISOString();
      const rows = await db
        .selectFrom('mail_digest_rooms as d')
        .innerJoin('chat_rooms as r', 'r.id', 'd.room_id')
        .innerJoin('threads as t', 't.room_id', 'd.room_id')
        .innerJoin('messages as root', 'root.id', 't.root_id')
        .leftJoin('profiles as p', 'p.id', 'root.user_id')
        .leftJoin('messages as answer', 'answer.id', 't.answer_id')
        .select([
          'r.id as room_id',
          'r.repo_full_name',
          't.root_id',
          't.reply_count',
          'root.content',
          'root.created_at',
          'p.display_name',
          'p.username',
          'answer.content as answer',
        ])
        .where('d.user_id', '=', job.user_id)
        .where('t.last_reply_at', '>=', from)
        .where('t.last_reply_at', '<', to)
        .where('root.deleted_at', 'is', null)
        .orderBy('r.repo_full_name')
        .orderBy('t.last_reply_at', 'desc')
        .execute();
      if (rows.length === 0) return { kind: 'skipped' };
      const rooms = new Map<string, Parameters<typeof renderDigestMail>[1][number]>();
      for (const row of rows) {
        const room = rooms.get(row.room_id) ?? { room: row.repo_full_name, threads: [] };
        if (room.threads.length < THREADS_PER_ROOM) {
          room.threads.push({
            root: {
              author: row.display_name ?? row.username ?? 'Someone',
              at: row.created_at,
              text: row.content,
              url: `${config.publicUrl}/chat/${row.room_id}?message=${row.root_id}&thread=${row.root_id}`,
            },
            replies: Number(row.reply_count),
            answer: row.answer ?? null,
          });
        }
        rooms.set(row.room_id, room);
      }
      const mail = renderDigestMail(day, [...rooms.values()], recipient.unsubscribeUrl, `${config.publicUrl}/profile`);
      await transport.send({
        to: recipient.address,
        ...mail,
        headers: unsubscribeHeaders(recipient.unsubscribeUrl),
        messageId: `<${job.id}@${new URL(config.publicUrl).hostname}>`,
      });
      return { kind: 'sent' };
    },
  };
}
