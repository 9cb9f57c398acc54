import type { Kysely } from 'kysely';

/*
 * Room events that show a message's text now name the message (room_events.message_id), so an
 * edit or delete can rewrite them. Events written before this migration still hold every text a
 * message ever had, including deleted messages' text: they are rewritten here, once, to show each
 * message as it is now, or a message.deleted tombstone when it is gone. Sequence numbers are kept.
 */

const TEXT_EVENT_TYPES = ['message.created', 'message.updated'];
const BATCH = 500;

interface StoredEvent {
  room_id: string;
  seq: number;
  type: string;
  payload: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').addColumn('message_id', 'text').execute();

  let after: { room_id: string; seq: number } | undefined;
  for (;;) {
    let query = db
      .selectFrom('room_events')
      .select(['room_id', 'seq', 'type', 'payload'])
      .where('type', 'in', TEXT_EVENT_TYPES);
    if (after) {
      const { room_id, seq } = after;
      query = query.where((eb) => eb(eb.refTuple('room_id', 'seq'), '>', eb.tuple(room_id, seq)));
    }
    const rows = (await query.orderBy('room_id').orderBy('seq').limit(BATCH).execute()) as StoredEvent[];
    if (rows.length === 0) break;
    const last = rows[rows.length - 1] as StoredEvent;
    after = { room_id: last.room_id, seq: Number(last.seq) };

    const shown = rows.map((row) => ({ row, messageId: messageIdOf(row.payload) }));
    const ids = [...new Set(shown.flatMap((s) => (s.messageId ? [s.messageId] : [])))];
    const current = new Map<string, { content: string; edited_at: string | null }>();
    if (ids.length > 0) {
      const messages = (await db
        .selectFrom('messages')
        .select(['id', 'content', 'edited_at'])
        .where('id', 'in', ids)
        .execute()) as Array<{ id: string; content: string; edited_at: string | null }>;
      for (const message of messages) current.set(message.id, message);
    }

    for (const { row, messageId } of shown) {
      if (!messageId) continue;
      const now = current.get(messageId);
      const change = now
        ? { type: row.type, payload: withText(row.payload, now) }
        : { type: 'message.deleted', payload: JSON.stringify({ type: 'message.deleted', message_id: messageId }) };
      await db
        .updateTable('room_events')
        .set({ ...change, message_id: messageId })
        .where('room_id', '=', row.room_id)
        .where('seq', '=', row.seq)
        .execute();
    }
  }

  await db.schema.createIndex('room_events_message_idx').on('room_events').column('message_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Rewritten payloads stay rewritten: the text they held is gone on purpose.
  await db.schema.dropIndex('room_events_message_idx').execute();
  await db.schema.alterTable('room_events').dropColumn('message_id').execute();
}

function messageIdOf(payload: string): string | undefined {
  try {
    const event = JSON.parse(payload) as { message?: { id?: unknown } };
    return typeof event.message?.id === 'string' ? event.message.id : undefined;
  } catch {
    return undefined;
  }
}

function withText(payload: string, now: { content: string; edited_at: string | null }): string {
  const event = JSON.parse(payload) as { message: Record<string, unknown> };
  event.message.content = now.content;
  event.message.edited_at = now.edited_at;
  return JSON.stringify(event);
}
