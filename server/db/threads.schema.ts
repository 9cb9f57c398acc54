import type { ColumnType } from 'kysely';
import type { DbBool } from './schema';

/** The tables of threads and answers (part of `Database`, schema.ts). */

/** A thread's summary and accepted answer: one row per root message with replies. */
export interface ThreadsTable {
  root_id: string;
  room_id: string;
  reply_count: number;
  last_reply_at: string;
  /** Up to three user ids, the latest replier first, separated by commas. */
  repliers: string;
  answer_id: string | null;
  answered_by: string | null;
  answered_at: string | null;
}

/** Who follows a thread (or stopped following it) and how far they have read it. */
export interface ThreadFollowsTable {
  user_id: string;
  root_id: string;
  room_id: string;
  following: DbBool;
  read_created_at: ColumnType<string, string | undefined, string>;
  read_message_id: ColumnType<string, string | undefined, string>;
}
