import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from '../engine-of';
import { searchTermsRepository } from './search-terms.repository';
import type { Database, MessageRow } from '../schema';
import { termParts } from '../../../shared/search/search-query';

/**
 * PostgreSQL's text-search vector of a message, exactly as migration 20261125_0900_message_search
 * indexes it: the characters that make PostgreSQL's parser read a URL, host, e-mail, path, signed
 * number or hyphenated word as one token become spaces, so words are split as SQLite's FTS5 splits
 * them and "github" finds "https://github.com/…" on both.
 */
export const POSTGRES_SEARCH_VECTOR = `to_tsvector('simple'::regconfig, translate(m.content, '/.:@-+_''#~=&?%', '              '))`;

type Db = Kysely<Database>;

export interface MessageSearch {
  /** Lower-case words of letters and digits only (see shared/search/search-query.ts); may be empty when `authorIds` is set. */
  terms: string[];
  /** Only rooms this user is an active member of. */
  memberId: string;
  /** Only this room, when set. */
  roomId?: string | undefined;
  /** Only messages by these people, when set (from:login; a login may name more than one profile). */
  authorIds?: string[] | undefined;
  /** Only results older than this message (the previous page's last result). */
  beforeId?: string | undefined;
  limit: number;
}

/** PostgreSQL: how many of the newest messages are searched before the GIN index is asked. */
const RECENT_WINDOW_ROOM = 1000;
const RECENT_WINDOW_ALL = 500;
/** SQLite: a "word*" beginning at most this many words is searched as those words. */
const PREFIX_EXPANSION_MAX = 50;
/** PostgreSQL: a query matching at least this many messages is read by walking rooms, not from the GIN index. */
const GIN_FETCH_CAP = 5000;

export type SearchHitRow = MessageRow & { repo_full_name: string };

/**
 * Full-text search over the messages of a member's rooms, newest first, never a deleted message.
 * Every word must match the start of a word of the message, in any letter case.
 *
 * SQLite walks the FTS5 index (see migration 20261125_0900_message_search) in rowid order, newest
 * insert first, and stops at the page's end: a word found in every message of a huge room costs a
 * page, not the room. PostgreSQL: see below.
 */
export function messageSearchRepository(db: Db) {
  return {
    async search(search: MessageSearch): Promise<SearchHitRow[]> {
      const engine = engineOf(db);
      const filters: RawBuilder<unknown>[] = [
        sql`m.deleted_at is null`,
        search.roomId !== undefined
          ? sql`m.room_id = ${search.roomId} and exists (
              select 1 from chat_members cm
              where cm.room_id = ${search.roomId} and cm.user_id = ${search.memberId} and cm.left_at is null)`
          : sql`m.room_id in (
              select cm.room_id from chat_members cm where cm.user_id = ${search.memberId} and cm.left_at is null)`,
      ];
      if (search.authorIds !== undefined) {
        if (search.authorIds.length === 0) return [];
        filters.push(sql`m.user_id in (${sql.join(search.authorIds)})`);
      }
      const limit = search.limit;

      if (search.terms.length === 0) {
        if (search.beforeId !== undefined) {
          filters.push(
            sql`(m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${search.beforeId})`,
          );
        }
        const rows = await sql<SearchHitRow>`
          select m.*, r.repo_full_name from messages m join chat_rooms r on r.id = m.room_id
          where ${sql.join(filters, sql` and `)}
          order by m.created_at desc, m.id desc limit ${limit}`.execute(db);
        return rows.rows;
      }

      if (engine === 'sqlite') {
        // Each word quoted: the words hold letters and digits only, so no FTS5 syntax.
        const clauses: string[] = [];
        for (const { word, prefix } of search.terms.map((term) => termParts(term))) {
          if (!prefix) {
            clauses.push(`"${word}"`);
            continue;
          }
          // FTS5 answers "word"* by merging the lists of every word it begins into one before
          // reading any (a common prefix costs the whole index); the same words joined by OR are
          // read lazily, newest first. Past PREFIX_EXPANSION_MAX words, the prefix query it is.
          // The words come from the search vocabulary (a primary key); FTS5's own vocabulary table
          // would count every occurrence of each word it lists.
          const words = await searchTermsRepository(db).beginningWith(word, PREFIX_EXPANSION_MAX + 1);
          if (words.length === 0) return [];
          clauses.push(
            words.length > PREFIX_EXPANSION_MAX
              ? `"${word}"*`
              : `(${words.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ')})`,
          );
        }
        const match = clauses.join(' AND ');
        if (search.beforeId !== undefined) {
          filters.push(sql`f.rowid < (select b.rowid from messages b where b.id = ${search.beforeId})`);
        }
        // CROSS JOIN keeps SQLite's planner on the index's order (a join let it start from the rooms
        // table and sort every match); the room's name is read per result by its primary key.
        const rows = await sql<SearchHitRow>`
          select m.*, (select r.repo_full_name from chat_rooms r where r.id = m.room_id) as repo_full_name
          from messages_fts f
          cross join messages m on m.rowid = f.rowid
          where messages_fts match ${match} and ${sql.join(filters, sql` and `)}
          order by f.rowid desc limit ${limit}`.execute(db);
        return rows.rows;
      }

      const tsquery = search.terms
        .map((term) => termParts(term))
        .map(({ word, prefix }) => (prefix ? `${word}:*` : word))
        .join(' & ');
      const matches = sql`${sql.raw(POSTGRES_SEARCH_VECTOR)} @@ to_tsquery('simple'::regconfig, ${tsquery})`;
      // A message that matches holds every word (or prefix) in its lower-cased text: that cheap test
      // first, so the text-search vector is computed only for messages that may match.
      const mayMatch = sql.join(
        search.terms.map((term) => sql`strpos(lower(m.content), ${termParts(term).word}) > 0`),
        sql` and `,
      );
      const before =
        search.beforeId !== undefined
          ? sql`(m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${search.beforeId})`
          : sql`true`;
      // PostgreSQL cannot estimate how many messages a prefix query matches: it would walk a room
      // backwards for a rare word (all of a huge room) or read every match of a common word from
      // the GIN index. So: first the newest messages of the rooms searched (a common word fills the
      // page there: each room's newest, merged), then the GIN index for what is older (only words
      // rare among the newest messages get that far).
      const window = search.roomId !== undefined ? RECENT_WINDOW_ROOM : RECENT_WINDOW_ALL;
      const rooms =
        search.roomId !== undefined
          ? sql`select cm.room_id from chat_members cm
              where cm.room_id = ${search.roomId} and cm.user_id = ${search.memberId} and cm.left_at is null`
          : sql`select cm.room_id from chat_members cm where cm.user_id = ${search.memberId} and cm.left_at is null`;
      const author = search.authorIds !== undefined ? sql`m.user_id in (${sql.join(search.authorIds)})` : sql`true`;
      const newest = sql`
        select m.* from (${rooms}) scope
        cross join lateral (
          select * from messages m
          where m.room_id = scope.room_id and m.deleted_at is null and ${author} and ${before}
          order by m.created_at desc, m.id desc limit ${window}
        ) m
        order by m.created_at desc, m.id desc limit ${window}`;
      // One statement: the matches among the newest messages (read in order, so a common word stops
      // at the page), and the oldest of those newest messages (absent when the rooms hold fewer),
      // where the GIN part below takes over.
      const recent = await sql<SearchHitRow & { edge_created_at: string | null; edge_id: string | null }>`
        select hit.*, e.created_at as edge_created_at, e.id as edge_id
        from (select 1) one
        left join lateral (
          select n.created_at, n.id from (${newest}) n order by n.created_at desc, n.id desc offset ${window - 1} limit 1
        ) e on true
        left join lateral (
          select m.*, r.repo_full_name from (${newest}) m join chat_rooms r on r.id = m.room_id
          where ${mayMatch} and ${matches}
          order by m.created_at desc, m.id desc limit ${limit}
        ) hit on true
        order by hit.created_at desc, hit.id desc`.execute(db);
      const first = recent.rows[0];
      const found: SearchHitRow[] = recent.rows
        .filter((row) => row.id !== null)
        .map(({ edge_created_at: _edgeCreatedAt, edge_id: _edgeId, ...row }) => row);
      if (found.length >= limit) return found;
      if (!first || first.edge_id === null || first.edge_created_at === null) return found; // the newest messages were all there is
      const edge = { created_at: first.edge_created_at, id: first.edge_id };
      const olderThan = sql`(m.created_at, m.id) < (${edge.created_at}, ${edge.id})`;
      const wanted = limit - found.length;
      // How common is the query, counted on the GIN index alone and no further than a cap; when it
      // is rare, the page of those matches comes in the same statement.
      const gin = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<SearchHitRow & { hit_count: number | string }>`
          with hits as materialized (select m.id from messages m where ${matches} limit ${GIN_FETCH_CAP})
          select (select count(*) from hits) as hit_count, page.*
          from (select 1) one
          left join lateral (
            select m.*, r.repo_full_name
            from messages m join chat_rooms r on r.id = m.room_id
            where m.id in (select id from hits) and ${sql.join(filters, sql` and `)} and ${before} and ${olderThan}
            order by m.created_at desc, m.id desc limit ${wanted}
          ) page on true`.execute(trx);
      });
      if (Number(gin.rows[0]?.hit_count ?? 0) < GIN_FETCH_CAP) {
        // Few matches: the newest of them in scope, read from the GIN index.
        const rare = gin.rows.filter((row) => row.id !== null).map(({ hit_count: _count, ...row }) => row);
        return [...found, ...rare];
      }
      // Many matches: walk each room back from the edge, stopping at the page's end (the planner,
      // misjudging a prefix query as rare, would read every match from the GIN index per room).
      const rest = await db.transaction().execute(async (trx) => {
        await sql`set local enable_bitmapscan = off`.execute(trx);
        return sql<SearchHitRow>`
          select m.*, r.repo_full_name from (${rooms}) scope
          cross join lateral (
            select * from messages m
            where m.room_id = scope.room_id and ${matches} and ${sql.join(filters, sql` and `)} and ${before}
              and ${olderThan}
            order by m.created_at desc, m.id desc limit ${wanted}
          ) m
          join chat_rooms r on r.id = m.room_id
          order by m.created_at desc, m.id desc limit ${wanted}`.execute(trx);
      });
      return [...found, ...rest.rows];
    },
  };
}
