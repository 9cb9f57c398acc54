import type { Kysely } from 'kysely';
import { cleanMultilineText, cleanSingleLineText } from '../../../shared/validation/clean-text';

/*
 * Text stored before cleaning existed may hold control characters, bidirectional overrides and
 * invisible characters. This applies the rules new text is stored with (shared/validation/
 * clean-text.ts, the same code, so old and new rows agree) to message texts, display names, bios
 * and GitHub's free-text profile fields, and to the copies of them in the room event log that
 * reconnecting clients replay. Cleaning is idempotent: rows already clean are not written.
 *
 * A message with nothing visible left is deleted, with a message.deleted event in its room's log
 * so open clients drop it too. Everything else keeps its row and id; edited_at is not touched
 * (the author did not edit it).
 */

const BATCH = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
type AnyDb = Kysely<any>;

const cleanLine = (value: string | null): string | null => (value === null ? null : cleanSingleLineText(value) || null);
const cleanBlock = (value: string | null): string | null => (value === null ? null : cleanMultilineText(value) || null);

const PROFILE_FIELDS = {
  display_name: cleanLine,
  bio: cleanBlock,
  github_bio: cleanBlock,
  company: cleanLine,
  location: cleanLine,
} as const;
type ProfileField = keyof typeof PROFILE_FIELDS;

export async function up(db: AnyDb): Promise<void> {
  await cleanProfiles(db);
  await cleanEventPayloads(db);
  await cleanMessages(db);
}

/** Cleaning cannot be undone: the removed characters are gone. Rolling back leaves the text clean. */
export async function down(): Promise<void> {}

async function cleanProfiles(db: AnyDb): Promise<void> {
  const fields = Object.keys(PROFILE_FIELDS) as ProfileField[];
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('profiles')
      .select(['id', ...fields])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<{ id: string } & Record<ProfileField, string | null>>;
    for (const row of rows) {
      const changes: Partial<Record<ProfileField, string | null>> = {};
      for (const field of fields) {
        const cleaned = PROFILE_FIELDS[field](row[field]);
        if (cleaned !== row[field]) changes[field] = cleaned;
      }
      if (Object.keys(changes).length > 0) {
        await db.updateTable('profiles').set(changes).where('id', '=', row.id).execute();
      }
    }
    if (rows.length < BATCH) return;
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

async function cleanMessages(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('messages')
      .select(['id', 'room_id', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<{ id: string; room_id: string; content: string }>;
    for (const row of rows) {
      const cleaned = cleanMultilineText(row.content);
      if (cleaned === row.content) continue;
      if (cleaned === '') await deleteBlankMessage(db, row.id, row.room_id);
      else await db.updateTable('messages').set({ content: cleaned }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

/** Deletes the message and its reactions, and appends message.deleted at the room's next sequence number. */
async function deleteBlankMessage(db: AnyDb, messageId: string, roomId: string): Promise<void> {
  await db.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
  await db.deleteFrom('messages').where('id', '=', messageId).execute();
  const room = (await db
    .updateTable('chat_rooms')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('id', '=', roomId)
    .returning('last_seq')
    .executeTakeFirstOrThrow()) as { last_seq: number | string };
  const event = { type: 'message.deleted', message_id: messageId };
  await db
    .insertInto('room_events')
    .values({
      room_id: roomId,
      seq: Number(room.last_seq),
      type: event.type,
      payload: JSON.stringify(event),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Room events carry copies of messages and author summaries; they are cleaned like the rows. */
async function cleanEventPayloads(db: AnyDb): Promise<void> {
  let afterRoom = '';
  for (;;) {
    const rooms = (await db
      .selectFrom('chat_rooms')
      .select('id')
      .where('id', '>', afterRoom)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<{ id: string }>;
    for (const room of rooms) await cleanRoomEvents(db, room.id);
    if (rooms.length < BATCH) return;
    afterRoom = (rooms[rooms.length - 1] as { id: string }).id;
  }
}

async function cleanRoomEvents(db: AnyDb, roomId: string): Promise<void> {
  let afterSeq = 0;
  for (;;) {
    const events = (await db
      .selectFrom('room_events')
      .select(['seq', 'payload'])
      .where('room_id', '=', roomId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(BATCH)
      .execute()) as Array<{ seq: number | string; payload: string }>;
    for (const event of events) {
      const payload = cleanPayload(event.payload);
      if (payload === event.payload) continue;
      await db
        .updateTable('room_events')
        .set({ payload })
        .where('room_id', '=', roomId)
        .where('seq', '=', Number(event.seq))
        .execute();
    }
    if (events.length < BATCH) return;
    afterSeq = Number((events[events.length - 1] as { seq: number | string }).seq);
  }
}

const PAYLOAD_FIELDS: Record<string, ((value: string) => string | null) | undefined> = {
  content: cleanMultilineText,
  display_name: cleanLine,
  bio: cleanBlock,
};

/** The payload with every `content`, `display_name` and `bio` string cleaned; unchanged text when none changed. */
function cleanPayload(payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  let changed = false;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const clean = typeof inner === 'string' ? PAYLOAD_FIELDS[key] : undefined;
        if (!clean) return [key, visit(inner)];
        const next = clean(inner as string);
        if (next !== inner) changed = true;
        return [key, next];
      }),
    );
  };
  const cleaned = visit(parsed);
  return changed ? JSON.stringify(cleaned) : payload;
}
