import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';
import { indexRoomForSearch } from '../../server/testing/search-seed';

/**
 * Fills one room with `count` messages in one statement (the database generates the rows), so a
 * million-message room takes seconds. Timestamps are one millisecond apart, oldest first.
 */
export async function seedRoomMessages(
  handle: DatabaseHandle,
  roomId: string,
  userId: string,
  count: number,
): Promise<void> {
  if (handle.engine === 'postgres') {
    await sql`
      insert into messages (id, room_id, user_id, client_id, content, created_at, edited_at)
      select
        '00000000-0000-7000-8000-' || lpad(n::text, 12, '0'),
        ${roomId}, ${userId},
        'seed-' || n,
        'seeded message number ' || n || ' about releases, issues and pull requests',
        to_char(timestamp '2025-01-01' + n * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        null
      from generate_series(1, ${count}::int) as n`.execute(handle.db);
    await sql`analyze messages`.execute(handle.db);
    return;
  }
  await handle.db.transaction().execute(async (trx) => {
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      insert into messages (id, room_id, user_id, client_id, content, created_at, edited_at)
      select
        '00000000-0000-7000-8000-' || printf('%012d', i),
        ${roomId}, ${userId},
        'seed-' || i,
        'seeded message number ' || i || ' about releases, issues and pull requests',
        strftime('%Y-%m-%dT%H:%M:%fZ', 1735689600 + i / 1000.0, 'unixepoch'),
        null
      from n`.execute(trx);
    await indexRoomForSearch(trx, roomId);
  });
  await sql`analyze`.execute(handle.db);
}

/** Messages of the seeded rooms are numbered; this is the id of number `n` (see seedRoomMessages). */
export function seededMessageId(n: number): string {
  return `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

/**
 * A reader coming back: in the big room they read up to its middle (so the room opens at the first
 * unread message, and its count stops at the cap), and they are in 49 more rooms with 30 unread
 * messages each, so /api/me/unread answers for 50 rooms. Returns the ids the bench opens at.
 */
export async function seedReadPositions(
  handle: DatabaseHandle,
  seed: { roomId: string; readerIds: string[]; authorId: string },
): Promise<{ firstUnreadId: string; linkedId: string }> {
  const db = handle.db;
  const count = Number(
    (
      await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('room_id', '=', seed.roomId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const middle = Math.max(1, Math.floor(count / 2));
  const read = await db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('id', '=', seededMessageId(middle))
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chat_members')
    .set({ read_created_at: read.created_at, read_message_id: read.id })
    .where('room_id', '=', seed.roomId)
    .where('user_id', 'in', seed.readerIds)
    .execute();

  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let r = 0; r < 49; r += 1) {
      const roomId = randomUUID();
      await trx
        .insertInto('chat_rooms')
        .values({
          id: roomId,
          title: `Bench room ${r}`,
          repo_full_name: `bench/unread-${r}`,
          repo_key: `bench/unread-${r}`,
          created_by: seed.authorId,
          last_activity_at: now,
          created_at: now,
          last_seq: 0,
        })
        .execute();
      await trx
        .insertInto('chat_members')
        .values(
          [...seed.readerIds, seed.authorId].map((userId) => ({
            id: randomUUID(),
            room_id: roomId,
            user_id: userId,
            joined_at: now,
            left_at: null,
          })),
        )
        .execute();
      await trx
        .insertInto('messages')
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            id: randomUUID(),
            room_id: roomId,
            user_id: seed.authorId,
            client_id: `unread-${r}-${i}`,
            content: `message ${i} of bench room ${r}`,
            created_at: new Date(Date.parse(now) + i).toISOString(),
            edited_at: null,
          })),
        )
        .execute();
    }
  });
  return { firstUnreadId: seededMessageId(middle + 1), linkedId: seededMessageId(Math.max(1, Math.floor(count / 4))) };
}
