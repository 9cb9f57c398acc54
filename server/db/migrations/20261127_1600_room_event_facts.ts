import type { Kysely } from 'kysely';

/*
 * The room event log stores each change's facts, versioned per event type, instead of the events
 * as clients received them (profiles, quotes, references and reactions are presented when an event
 * is delivered). Every stored payload `{"type": …, …presented}` becomes `{"v": 1, …facts}`:
 *   message.created / message.updated  {v, message: {id, room_id, user_id, client_id, content,
 *                                       reply_to_id, created_at, edited_at}}
 *   message.references                 {v, message_id}
 *   reaction.added / reaction.removed  {v, reaction: {id, message_id, user_id, emoji}}
 *   member.joined                      {v, member: {user_id, joined_at, moderator?}}
 *   every other type                   {v, …its fields}
 * Down turns the facts back into presented events (profiles read now; references left empty).
 */

const BATCH = 500;

interface StoredEvent {
  room_id: string;
  seq: number;
  type: string;
  payload: string;
}

type Json = Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await rewriteAll(db, async (rows) => {
    const messageIds = rows.flatMap(({ value }) => {
      const id = (value.message as Json | undefined)?.id;
      return typeof id === 'string' ? [id] : [];
    });
    const replies = new Map<string, string | null>();
    if (messageIds.length > 0) {
      const found = (await db
        .selectFrom('messages')
        .select(['id', 'reply_to_id'])
        .where('id', 'in', [...new Set(messageIds)])
        .execute()) as Array<{ id: string; reply_to_id: string | null }>;
      for (const row of found) replies.set(row.id, row.reply_to_id);
    }
    return rows.map(({ row, value }) => (isFact(value) ? null : JSON.stringify(toFact(row.type, value, replies))));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await rewriteAll(db, async (rows) => {
    const userIds = rows.flatMap(({ value }) => {
      const id =
        (value.message as Json | undefined)?.user_id ??
        (value.reaction as Json | undefined)?.user_id ??
        (value.member as Json | undefined)?.user_id;
      return typeof id === 'string' ? [id] : [];
    });
    const people = new Map<string, Json>();
    if (userIds.length > 0) {
      const found = (await db
        .selectFrom('profiles')
        .select(['id', 'username', 'display_name', 'avatar_url', 'github_username'])
        .where('id', 'in', [...new Set(userIds)])
        .execute()) as Array<Json & { id: string }>;
      for (const row of found) people.set(row.id, row);
    }
    return rows.map(({ row, value }) => (isFact(value) ? JSON.stringify(toEvent(row.type, value, people)) : null));
  });
}

/** Reads the whole log a batch at a time; `convert` answers each row's new payload (null: as it is). */
async function rewriteAll(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  convert: (rows: Array<{ row: StoredEvent; value: Json }>) => Promise<Array<string | null>>,
): Promise<void> {
  let after: { room_id: string; seq: number } | undefined;
  for (;;) {
    let query = db.selectFrom('room_events').select(['room_id', 'seq', 'type', 'payload']);
    if (after) {
      const { room_id, seq } = after;
      query = query.where((eb) => eb(eb.refTuple('room_id', 'seq'), '>', eb.tuple(room_id, seq)));
    }
    const rows = (await query.orderBy('room_id').orderBy('seq').limit(BATCH).execute()) as StoredEvent[];
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as StoredEvent;
    after = { room_id: last.room_id, seq: Number(last.seq) };
    const parsed = rows.map((row) => ({ row, value: JSON.parse(row.payload) as Json }));
    const payloads = await convert(parsed);
    for (const [i, row] of rows.entries()) {
      const payload = payloads[i];
      if (payload === null || payload === undefined) continue;
      await db
        .updateTable('room_events')
        .set({ payload })
        .where('room_id', '=', row.room_id)
        .where('seq', '=', row.seq)
        .execute();
    }
  }
}

function isFact(value: Json): boolean {
  return typeof value.v === 'number' && value.type === undefined;
}

function toFact(type: string, event: Json, replies: ReadonlyMap<string, string | null>): Json {
  const { type: _type, ...fields } = event;
  switch (type) {
    case 'message.created':
    case 'message.updated': {
      const message = event.message as Json & { id: string; reply_to?: { message_id?: string } };
      const replyTo = replies.has(message.id) ? replies.get(message.id) : message.reply_to?.message_id;
      return {
        v: 1,
        message: {
          id: message.id,
          room_id: message.room_id,
          user_id: message.user_id,
          client_id: message.client_id,
          content: message.content,
          reply_to_id: replyTo ?? null,
          created_at: message.created_at,
          edited_at: message.edited_at ?? null,
        },
      };
    }
    case 'message.references':
      return { v: 1, message_id: event.message_id };
    case 'reaction.added':
    case 'reaction.removed': {
      const reaction = event.reaction as Json;
      return {
        v: 1,
        reaction: {
          id: reaction.id,
          message_id: reaction.message_id,
          user_id: reaction.user_id,
          emoji: reaction.emoji,
        },
      };
    }
    case 'member.joined': {
      const member = event.member as Json & { user: Json };
      return {
        v: 1,
        member: {
          user_id: member.user.id,
          joined_at: member.joined_at,
          ...(typeof member.moderator === 'boolean' ? { moderator: member.moderator } : {}),
        },
      };
    }
    default:
      return { v: 1, ...fields };
  }
}

function toEvent(type: string, fact: Json, people: ReadonlyMap<string, Json>): Json {
  const { v: _version, ...fields } = fact;
  const user = (id: unknown): Json => {
    const found = typeof id === 'string' ? people.get(id) : undefined;
    return {
      id,
      username: found?.username ?? null,
      display_name: found?.display_name ?? null,
      avatar_url: found?.avatar_url ?? null,
      github_login: found?.github_username ?? null,
    };
  };
  switch (type) {
    case 'message.created':
    case 'message.updated': {
      const { reply_to_id: _replyTo, ...message } = fact.message as Json;
      return { type, message: { ...message, deleted: false, author: user(message.user_id), reactions: [] } };
    }
    case 'message.references':
      return { type, message_id: fact.message_id, references: [] };
    case 'reaction.added':
    case 'reaction.removed': {
      const reaction = fact.reaction as Json;
      return { type, reaction: { ...reaction, user: user(reaction.user_id) } };
    }
    case 'member.joined': {
      const { user_id: userId, ...member } = fact.member as Json;
      return { type, member: { user: user(userId), ...member } };
    }
    default:
      return { type, ...fields };
  }
}
