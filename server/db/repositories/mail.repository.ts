import { sql, type Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, MailJobRow } from '../schema';
import type { MailSettingsTable } from '../protection-and-mail.schema';

export type MailSettingsRow = Selectable<MailSettingsTable>;

/** A mention or reply the person has not read, as an e-mail shows it. */
export interface MissedMessageRow {
  id: string;
  content: string;
  created_at: string;
  author_name: string | null;
  author_username: string | null;
}

/** E-mail settings, the job queue and the demo outbox: the only SQL on them. */
export function mailRepository(db: Kysely<Database>) {
  return {
    async settings(userId: string): Promise<MailSettingsRow | undefined> {
      return db.selectFrom('mail_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The person's settings row, created with its defaults (and a new unsubscribe token) if missing. */
    async ensureSettings(userId: string, token: string, at: string): Promise<MailSettingsRow> {
      await db
        .insertInto('mail_settings')
        .values({ user_id: userId, unsubscribe_token: token, created_at: at })
        .onConflict((c) => c.column('user_id').doNothing())
        .execute();
      return db.selectFrom('mail_settings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    },

    async update(
      userId: string,
      change: Partial<
        Pick<MailSettingsRow, 'custom_address' | 'custom_confirmed' | 'confirm_token' | 'mentions_enabled'>
      >,
    ): Promise<void> {
      await db.updateTable('mail_settings').set(change).where('user_id', '=', userId).execute();
    },

    async byUnsubscribeToken(token: string): Promise<MailSettingsRow | undefined> {
      return db.selectFrom('mail_settings').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();
    },

    async byConfirmToken(token: string): Promise<MailSettingsRow | undefined> {
      return db.selectFrom('mail_settings').selectAll().where('confirm_token', '=', token).executeTakeFirst();
    },

    /** The GitHub e-mail address sign-in stored for the person. */
    async githubAddress(userId: string): Promise<string | null> {
      const row = await db.selectFrom('profiles').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? null;
    },

    async digestRooms(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('mail_digest_rooms').select('room_id').where('user_id', '=', userId).execute();
      return rows.map((r) => r.room_id);
    },

    async setDigestRooms(userId: string, roomIds: string[]): Promise<void> {
      await db.deleteFrom('mail_digest_rooms').where('user_id', '=', userId).execute();
      if (roomIds.length > 0) {
        await db
          .insertInto('mail_digest_rooms')
          .values(roomIds.map((roomId) => ({ user_id: userId, room_id: roomId })))
          .execute();
      }
    },

    /** Adds a job unless one with the same key is still queued. */
    async enqueue(
      job: Pick<MailJobRow, 'id' | 'dedupe_key' | 'kind' | 'user_id' | 'room_id' | 'payload' | 'run_at' | 'created_at'>,
    ): Promise<void> {
      await db
        .insertInto('mail_jobs')
        .values(job)
        .onConflict((c) => c.column('dedupe_key').doNothing())
        .execute();
    },

    /**
     * Takes the next due job for `leaseMs`: one conditional update, so of several processes asking
     * at once only one gets it. Undefined when nothing is due.
     */
    async claimNext(nowIso: string, leaseUntil: string): Promise<MailJobRow | undefined> {
      for (let tries = 0; tries < 3; tries += 1) {
        const candidate = await db
          .selectFrom('mail_jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('run_at', '<=', nowIso)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
          .orderBy('run_at')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const claimed = await db
          .updateTable('mail_jobs')
          .set({ locked_until: leaseUntil, attempts: sql`attempts + 1` })
          .where('id', '=', candidate.id)
          .where('status', '=', 'queued')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
          .returningAll()
          .executeTakeFirst();
        if (claimed) return claimed;
      }
      return undefined;
    },

    /** The job is over (sent, or nothing to send): its key is freed for the next one. */
    async finish(jobId: string, status: 'sent' | 'skipped' | 'failed', at: string, error?: string): Promise<void> {
      await db
        .updateTable('mail_jobs')
        .set({
          status,
          done_at: at,
          locked_until: null,
          dedupe_key: sql`dedupe_key || ':' || id`,
          ...(error === undefined ? {} : { last_error: error }),
        })
        .where('id', '=', jobId)
        .execute();
    },

    /** Back in the queue at `runAt` (a retry, or a wait for the room's hour). */
    async reschedule(jobId: string, runAt: string, error: string | null, countAttempt: boolean): Promise<void> {
      await db
        .updateTable('mail_jobs')
        .set({
          run_at: runAt,
          locked_until: null,
          last_error: error,
          ...(countAttempt ? {} : { attempts: sql`attempts - 1` }),
        })
        .where('id', '=', jobId)
        .execute();
    },

    /** Jobs this process held when it stopped go back to the queue at once. */
    async release(jobIds: string[]): Promise<void> {
      if (jobIds.length === 0) return;
      await db
        .updateTable('mail_jobs')
        .set({ locked_until: null })
        .where('id', 'in', jobIds)
        .where('status', '=', 'queued')
        .execute();
    },

    async roomSend(userId: string, roomId: string) {
      return db
        .selectFrom('mail_room_sends')
        .selectAll()
        .where('user_id', '=', userId)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
    },

    async recordRoomSend(userId: string, roomId: string, at: string, mailedThrough: string): Promise<void> {
      await db
        .insertInto('mail_room_sends')
        .values({ user_id: userId, room_id: roomId, last_sent_at: at, mailed_through: mailedThrough })
        .onConflict((c) =>
          c.columns(['user_id', 'room_id']).doUpdateSet({ last_sent_at: at, mailed_through: mailedThrough }),
        )
        .execute();
    },

    /**
     * What the person missed in the room, oldest first: their unread mentions and replies (after
     * their read position) and the replies in threads they follow (after how far they read each,
     * not their own), written after what an e-mail already carried and before `before`. A message
     * that is both counts once.
     */
    async missed(
      userId: string,
      roomId: string,
      after: string,
      before: string,
      limit: number,
    ): Promise<MissedMessageRow[]> {
      const unread = db
        .selectFrom('messages as m')
        .leftJoin('profiles as p', 'p.id', 'm.user_id')
        .select(['m.id', 'm.content', 'm.created_at', 'p.display_name as author_name', 'p.username as author_username'])
        .where('m.deleted_at', 'is', null)
        .where('m.created_at', '>', after)
        .where('m.created_at', '<=', before);
      const mentions = unread
        .innerJoin('message_mentions as mm', 'mm.message_id', 'm.id')
        .innerJoin('chat_members as cm', (join) =>
          join
            .onRef('cm.room_id', '=', 'mm.room_id')
            .onRef('cm.user_id', '=', 'mm.user_id')
            .on('cm.left_at', 'is', null),
        )
        .where('mm.user_id', '=', userId)
        .where('mm.room_id', '=', roomId)
        .where(sql<boolean>`(m.created_at, m.id) > (cm.read_created_at, cm.read_message_id)`);
      const followed = unread
        .innerJoin('thread_follows as tf', 'tf.root_id', 'm.thread_root_id')
        .where('tf.user_id', '=', userId)
        .where('tf.room_id', '=', roomId)
        .where(sql<boolean>`tf.following`)
        .where('m.user_id', '<>', userId)
        .where(sql<boolean>`(m.created_at, m.id) > (tf.read_created_at, tf.read_message_id)`);
      return db
        .selectFrom(mentions.union(followed).as('x'))
        .selectAll()
        .orderBy('x.created_at')
        .orderBy('x.id')
        .limit(limit)
        .execute();
    },

    /** Who follows a thread, its replier aside. */
    async threadFollowers(rootId: string, exceptUserId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('thread_follows')
        .select('user_id')
        .where('root_id', '=', rootId)
        .where(sql<boolean>`following`)
        .where('user_id', '<>', exceptUserId)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async roomName(roomId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('chat_rooms')
        .select('repo_full_name')
        .where('id', '=', roomId)
        .executeTakeFirst();
      return row?.repo_full_name;
    },

    async keep(mail: {
      id: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string;
      headers: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto('mail_outbox').values(mail).execute();
    },

    async outbox(limit: number) {
      return db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },

    async outboxMail(id: string) {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
