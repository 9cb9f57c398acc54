import type { Kysely } from 'kysely';
import type { Config } from '../../config/config';
import { mailRepository } from '../../db/repositories/mail.repository';
import type { Database, MailJobRow } from '../../db/schema';
import type { PresenceStore } from '../presence/presence-store';
import type { JobOutcome, MailQueue } from './mail-queue';
import { renderMissedMail } from './mail-render';
import type { MailAddressBook } from './mail-settings.service';
import type { MailTransport } from './mail-transport';

export const MISSED_KIND = 'missed';

/** A message just published, as the e-mail jobs need it. */
export interface PublishedMessage {
  room_id: string;
  created_at: string;
  user_id?: string | undefined;
  thread_root_id?: string | undefined;
}
/** At most one e-mail per room and hour for each person. */
const ROOM_INTERVAL_MS = 60 * 60_000;
/** Up to this many messages in one e-mail. */
const MISSED_LIMIT = 10;
/** A mention older than this is not e-mailed any more (the person came back some other way). */
const GIVE_UP_MS = 24 * 60 * 60_000;

/** The headers that make unsubscribing one click in mail clients (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * E-mail for what people missed (docs/PRODUCT.md §21): a message that mentions someone or replies
 * to them queues a job for that person and room, due MAIL_DELAY_SECONDS later; when it runs, the
 * mentions still unread (up to ten) go in one e-mail, unless the person has a tab of the site open
 * (any socket, any room, on any process), or the room e-mailed them less than an hour ago (then it
 * waits for the hour).
 */
export function createMissedMail({
  db,
  config,
  queue,
  transport,
  addresses,
  presence,
  now,
  caughtUp,
}: {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  queue: Pick<MailQueue, 'enqueue'>;
  transport: MailTransport;
  addresses: MailAddressBook;
  presence: Pick<PresenceStore, 'connected'>;
  now: () => number;
  /** Resolves once the work after each commit so far is applied (mention rows are written there). */
  caughtUp?: (() => Promise<void>) | undefined;
}) {
  const delayMs = config.mail.delaySeconds * 1000;

  return {
    /** After a message is published: a job for each person it mentions or answers, or who follows its thread. */
    async afterMessage(message: PublishedMessage, mentioned: readonly string[]): Promise<void> {
      const followers =
        message.thread_root_id && message.user_id
          ? await mailRepository(db).threadFollowers(message.thread_root_id, message.user_id)
          : [];
      for (const userId of new Set([...mentioned, ...followers])) {
        await queue.enqueue({
          key: `${MISSED_KIND}:${userId}:${message.room_id}`,
          kind: MISSED_KIND,
          userId,
          roomId: message.room_id,
          runAt: Date.parse(message.created_at) + delayMs,
        });
      }
    },

    async run(job: MailJobRow): Promise<JobOutcome> {
      const roomId = job.room_id;
      if (!roomId) return { kind: 'skipped' };
      const recipient = await addresses.recipient(job.user_id);
      if (!recipient || !recipient.mentionsEnabled) return { kind: 'skipped' };
      const repo = mailRepository(db);
      const at = now();
      const last = await repo.roomSend(job.user_id, roomId);
      if (last && Date.parse(last.last_sent_at) + ROOM_INTERVAL_MS > at) {
        return { kind: 'later', runAt: Date.parse(last.last_sent_at) + ROOM_INTERVAL_MS };
      }
      const after = last?.mailed_through ?? '';
      // Mentions are recorded right after their message's commit: the e-mail waits for that work.
      await caughtUp?.();
      const before = new Date(at - delayMs).toISOString();
      const missed = await repo.missed(job.user_id, roomId, after, before, MISSED_LIMIT);
      if (missed.length === 0) return { kind: 'skipped' };
      const newest = missed[missed.length - 1]!;
      if (await presence.connected(job.user_id)) {
        // A tab is open (whatever room it shows): the person sees the unread badge there. Asked
        // again later while it stays unread.
        return Date.parse(newest.created_at) + GIVE_UP_MS > at
          ? { kind: 'later', runAt: at + delayMs }
          : { kind: 'skipped' };
      }
      const room = (await repo.roomName(roomId)) ?? 'a room';
      const roomUrl = `${config.publicUrl}/chat/${roomId}`;
      const mail = renderMissedMail(
        room,
        roomUrl,
        missed.map((m) => ({
          author: m.author_name ?? m.author_username ?? 'Someone',
          at: m.created_at,
          text: m.content,
          url: `${roomUrl}?message=${m.id}`,
        })),
        recipient.unsubscribeUrl,
        `${config.publicUrl}/profile`,
      );
      await transport.send({
        to: recipient.address,
        ...mail,
        headers: unsubscribeHeaders(recipient.unsubscribeUrl),
        messageId: `<${job.id}@${new URL(config.publicUrl).hostname}>`,
      });
      await repo.recordRoomSend(job.user_id, roomId, new Date(at).toISOString(), newest.created_at);
      return { kind: 'sent' };
    },
  };
}

export type MissedMail = ReturnType<typeof createMissedMail>;
