import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';

/** What each seeded message says: common words, a word per room group, a numbered word. */
const TOPICS = ['release', 'issue', 'pull request', 'build', 'docs'];

/**
 * Spreads `count` messages over `roomIds` round-robin (the i-th message in room i mod n, so rooms'
 * messages interleave as on a live site), written by the database itself in batches. Every message
 * holds "the" and one of five topics; messages of the first half of the rooms say "alpha", the
 * others "omega", so a word can be common on the site and absent from a searcher's rooms.
 * PostgreSQL: the search index is dropped for the load and built again after (a million rows into
 * a GIN index one by one takes many minutes); SQLite: the FTS5 triggers index as rows go in.
 */
export async function seedSearchSite(
  handle: DatabaseHandle,
  seed: { roomIds: string[]; authorId: string; count: number; batch?: number },
  log: (line: string) => void,
): Promise<void> {
  const rooms = seed.roomIds.length;
  const batch = seed.batch ?? 100_000;
  const half = Math.ceil(rooms / 2);
  const roomsJson = JSON.stringify(seed.roomIds);
  const prefix = randomUUID().slice(0, 8);
  const topics = TOPICS.map((t) => `'${t}'`).join(', ');
  const db = handle.db;
  if (handle.engine === 'postgres') await sql`drop index messages_room_search_idx`.execute(db);
  for (let start = 1; start <= seed.count; start += batch) {
    const end = Math.min(seed.count, start + batch - 1);
    const started = Date.now();
    if (handle.engine === 'postgres') {
      await sql`
        insert into messages (id, room_id, user_id, client_id, content, created_at, edited_at)
        select
          ${prefix} || '-0000-7000-8000-' || lpad(n::text, 12, '0'),
          (${roomsJson}::jsonb ->> (n % ${sql.raw(String(rooms))})), ${seed.authorId}, 'search-seed-' || n,
          'message ' || n || ' about the ' || (array[${sql.raw(topics)}])[1 + n % 5]
            || case when n % ${sql.raw(String(rooms))} < ${sql.raw(String(half))} then ' alpha' else ' omega' end || ' word' || (n % 1000),
          to_char(timestamp '2025-01-01' + n * interval '10 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          null
        from generate_series(${start}::int, ${end}::int) as n`.execute(db);
    } else {
      await db.transaction().execute(async (trx) => {
        await sql`
          with recursive n(i) as (select ${sql.raw(String(start))} union all select i + 1 from n where i < ${sql.raw(String(end))})
          insert into messages (id, room_id, user_id, client_id, content, created_at, edited_at)
          select
            ${prefix} || '-0000-7000-8000-' || printf('%012d', i),
            json_extract(${roomsJson}, '$[' || (i % ${sql.raw(String(rooms))}) || ']'), ${seed.authorId}, 'search-seed-' || i,
            'message ' || i || ' about the ' || json_extract(${JSON.stringify(TOPICS)}, '$[' || (i % 5) || ']')
              || case when i % ${sql.raw(String(rooms))} < ${sql.raw(String(half))} then ' alpha' else ' omega' end || ' word' || (i % 1000),
            strftime('%Y-%m-%dT%H:%M:%fZ', 1735689600 + i / 100.0, 'unixepoch'),
            null
          from n`.execute(trx);
      });
    }
    log(`  messages ${start}–${end} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (handle.engine === 'postgres') {
    const started = Date.now();
    // The expression of migration 20261127_1700_search_scoped_by_room.
    await sql`create index messages_room_search_idx on messages using gin ((
      to_tsvector('simple'::regconfig, translate(content, '/.:@-+_''#~=&?%', '              '))
      || to_tsvector('simple'::regconfig, 'r' || replace(room_id, '-', ''))
    )) with (fastupdate = off)`.execute(db);
    log(`  search index built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sql`vacuum analyze`.execute(db);
  } else {
    // Written past the repository, so the search vocabulary is filled from the index here.
    await sql`insert or ignore into message_search_terms (term)
      select term from messages_fts_vocab where col = 'content'`.execute(db);
    await sql`analyze`.execute(db);
  }
}
