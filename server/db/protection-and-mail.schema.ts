import type { ColumnType, Selectable } from 'kysely';

/** The tables of room protection and e-mail notifications (part of `Database`, schema.ts). */

/** A message held for a moderator's approval (pending) or refused (rejected); never a room message. */
export interface HeldMessagesTable {
  id: string;
  room_id: string;
  user_id: string;
  client_id: string;
  content: string;
  reply_to_id: string | null;
  thread_root_id: string | null;
  in_room: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** Why it was held: 'first_messages', 'links' or 'duplicate'. */
  reason: string;
  status: ColumnType<string, string | undefined, string>;
  decided_at: ColumnType<string | null, string | null | undefined, string | null>;
}
export type HeldMessageRow = Selectable<HeldMessagesTable>;

/** A person's e-mail notification settings (docs/PRODUCT.md §21). */
export interface MailSettingsTable {
  user_id: string;
  custom_address: string | null;
  custom_confirmed: ColumnType<number, number | undefined, number>;
  confirm_token: string | null;
  mentions_enabled: ColumnType<number, number | undefined, number>;
  unsubscribe_token: string;
  created_at: string;
}
export interface MailDigestRoomsTable {
  user_id: string;
  room_id: string;
}
export interface MailRoomSendsTable {
  user_id: string;
  room_id: string;
  last_sent_at: string;
  mailed_through: string;
}
/** One e-mail to compose and send, taken by one process at a time. */
export interface MailJobsTable {
  id: string;
  dedupe_key: string;
  kind: string;
  user_id: string;
  room_id: string | null;
  payload: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  run_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}
export type MailJobRow = Selectable<MailJobsTable>;
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string;
  created_at: string;
}
