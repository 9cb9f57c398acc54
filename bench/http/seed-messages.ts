import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';

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
  });
  await sql`analyze`.execute(handle.db);
}
