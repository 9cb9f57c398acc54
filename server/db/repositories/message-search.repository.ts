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
const RECENT_WINDOW_ROOM = 200;
const RECENT_WINDOW_ALL = 200;
/** SQLite: a "word*" beginning at most this many words is searched as those words. */
const PREFIX_EXPANSION_MAX = 50;
/** PostgreSQL: a query matching at least this many messages is read by walking rooms, not from the GIN index. */
const GIN_FETCH_CAP = 5000;

/** A match with its room's name and its author's public fields (null when the profile is gone). */
export type SearchHitRow = MessageRow & {
  repo_full_name: string;
  author_username: string | null;
  author_display_name: string | null;
  author_avatar_url: string | null;
  author_github_username: string | null;
};

/** The author's public fields of a match `m`, from `left join profiles p on p.id = m.user_id`. */
const AUTHOR_COLUMNS = sql`p.username as author_username, p.display_name as author_display_name, p.avatar_url as author_avatar_url, p.github_username as author_github_username`;

type PostgresSearchRow = SearchHitRow & {
  part: number;
  gin_count: number | string;
  edge_created_at: string | null;
  edge_id: string | null;
};

/**
 * Runs a PostgreSQL search statement in a transaction whose planner does not read an index into a
 * bitmap. The transaction's start and the setting travel in one round trip (a statement without
 * parameters goes by the simple protocol, which takes several at once).
 */
async function withoutBitmapScans<T>(db: Db, run: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw('begin; set local enable_bitmapscan = off').execute(connection);
    try {
      const result = await run(connection);
      await sql.raw('commit').execute(connection);
      return result;
    } catch (error) {
      await sql.raw('rollback').execute(connection);
      throw error;
    }
  });
}

/**
 * Full-text search over the messages of a member's rooms, newest first, never a deleted message.
 * Every word must match the start of a word of the message, in any letter case.
 *
 * SQLite walks the FTS5 index (see migration 20261125_0900_message_search) in rowid order, newest
 * insert first, and stops at the page's end: a word found in every message of a huge room costs a
 * page, not the room. PostgreSQL: see below.
 */
export function messageSearchRepository(db: Db) {
  // `db`: DatabaseHandle.searchDb (on PostgreSQL, connections that never plan a sequential scan).
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
          select m.*, r.repo_full_name, ${AUTHOR_COLUMNS}
          from messages m join chat_rooms r on r.id = m.room_id left join profiles p on p.id = m.user_id
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
          select m.*, (select r.repo_full_name from chat_rooms r where r.id = m.room_id) as repo_full_name,
            ${AUTHOR_COLUMNS}
          from messages_fts f
          cross join messages m on m.rowid = f.rowid
          left join profiles p on p.id = m.user_id
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
      // One room: its newest messages straight from the (room, created_at, id) index, in order. All
      // rooms: each room's newest, merged.
      const newest =
        search.roomId !== undefined
          ? sql`
            select m.* from messages m
            where m.room_id = ${search.roomId} and m.deleted_at is null and ${author} and ${before}
              and exists (select 1 from (${rooms}) scope)
            order by m.created_at desc, m.id desc limit ${window}`
          : sql`
            select m.* from (${rooms}) scope
            cross join lateral (
              select * from messages m
              where m.room_id = scope.room_id and m.deleted_at is null and ${author} and ${before}
              order by m.created_at desc, m.id desc limit ${window}
            ) m
            order by m.created_at desc, m.id desc limit ${window}`;
      // One statement, the newest messages read once: the matches among them (a common word fills
      // the page there: read in order, stopping at the page's end); the oldest of them when there
      // are as many as the window holds (the rooms may hold more); and only when the page is not
      // full and older messages exist, the older matches from the GIN index, counted no further
      // than a cap, with the page of them when they are few. The GIN part must not become a
      // sequential scan (for a word PostgreSQL wrongly takes for common, that is the whole table):
      // `db` is DatabaseHandle.searchDb, whose connections never plan one.
      const older = sql`(m.created_at, m.id) < (select edge.created_at, edge.id from edge)`;
      const result = await sql<PostgresSearchRow>`
          with newest as materialized (${newest}),
          hit as materialized (
            select m.*, (select r.repo_full_name from chat_rooms r where r.id = m.room_id) as repo_full_name
            from (select * from newest m where ${mayMatch} order by m.created_at desc, m.id desc offset 0) m
            where ${matches}
            limit ${limit}
          ),
          edge as materialized (
            select n.created_at, n.id from newest n
            where (select count(*) from newest) >= ${window}
            order by n.created_at, n.id limit 1
          ),
          gin_hits as materialized (
            select m.id from messages m
            where (select count(*) from hit) < ${limit} and exists (select 1 from edge) and ${matches}
            limit ${GIN_FETCH_CAP}
          ),
          gin_page as materialized (
            select m.*, (select r.repo_full_name from chat_rooms r where r.id = m.room_id) as repo_full_name
            from messages m
            where (select count(*) from gin_hits) < ${GIN_FETCH_CAP}
              and m.id in (select id from gin_hits) and ${sql.join(filters, sql` and `)} and ${before} and ${older}
            order by m.created_at desc, m.id desc limit ${limit}
          )
          select page.*, (select count(*) from gin_hits) as gin_count,
            (select edge.created_at from edge) as edge_created_at, (select edge.id from edge) as edge_id,
            ${AUTHOR_COLUMNS}
          from (select 1) one
          left join lateral (
            select 0 as part, h.* from hit h
            union all
            select 1 as part, g.* from gin_page g
          ) page on true
          left join profiles p on p.id = page.user_id
          order by page.part, page.created_at desc, page.id desc`.execute(db);
      const meta = result.rows[0];
      const part = (n: number): SearchHitRow[] =>
        result.rows
          .filter((row) => row.id !== null && Number(row.part) === n)
          .map(({ part: _part, gin_count: _count, edge_created_at: _edgeCreatedAt, edge_id: _edgeId, ...row }) => row);
      const found = part(0);
      if (found.length >= limit || !meta || meta.edge_id === null || meta.edge_created_at === null) return found;
      // Few older matches: their page came with the statement.
      if (Number(meta.gin_count) < GIN_FETCH_CAP) return [...found, ...part(1)].slice(0, limit);
      const edge = { created_at: meta.edge_created_at, id: meta.edge_id };
      const olderThan = sql`(m.created_at, m.id) < (${edge.created_at}, ${edge.id})`;
      const wanted = limit - found.length;
      // Many matches: walk each room back from the edge, stopping at the page's end (the planner,
      // misjudging a prefix query as rare, would read every match from the GIN index per room).
      const rest = await withoutBitmapScans(db, (trx) =>
        sql<SearchHitRow>`
          select m.*, r.repo_full_name, ${AUTHOR_COLUMNS} from (${rooms}) scope
          cross join lateral (
            select * from messages m
            where m.room_id = scope.room_id and ${matches} and ${sql.join(filters, sql` and `)} and ${before}
              and ${olderThan}
            order by m.created_at desc, m.id desc limit ${wanted}
          ) m
          join chat_rooms r on r.id = m.room_id
          left join profiles p on p.id = m.user_id
          order by m.created_at desc, m.id desc limit ${wanted}`.execute(trx),
      );
      return [...found, ...rest.rows];
    },
  };
}
