import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from '../engine-of';
import type { SearchRead, SearchSession } from '../search/search-reader';
import type { Database, MessageRow } from '../schema';
import { termParts } from '../../../shared/search/search-query';

/**
 * PostgreSQL's text-search vector of a message's text: the characters that make PostgreSQL's
 * parser read a URL, host, e-mail, path, signed number or hyphenated word as one token become
 * spaces, so words are split as SQLite's FTS5 splits them and "github" finds "https://github.com/…"
 * on both.
 */
export const POSTGRES_CONTENT_VECTOR = `to_tsvector('simple'::regconfig, translate(m.content, '/.:@-+_''#~=&?%', '              '))`;
/**
 * The text's vector and the room's token (`r` and the room id's hex digits), exactly as migration
 * 20261127_1700_search_scoped_by_room indexes them: the index finds a word in given rooms only.
 */
export const POSTGRES_SEARCH_VECTOR = `(${POSTGRES_CONTENT_VECTOR} || to_tsvector('simple'::regconfig, 'r' || replace(m.room_id, '-', '')))`;

/** The search index's token of a room (both engines): one word, `r` and the id's hex digits. */
export function roomToken(roomId: string): string {
  return `r${roomId.replaceAll('-', '').toLowerCase()}`;
}

type Db = Kysely<Database>;

export interface MessageSearch {
  /** Lower-case words of letters and digits only (see shared/search/search-query.ts); may be empty when `authorIds` is set. */
  terms: string[];
  /**
   * The rooms searched, and only they are read: rooms the searcher is an active member of (the
   * service reads them first), or the one room asked for.
   */
  roomIds: string[];
  /** Only messages by these people, when set (from:login; a login may name more than one profile). */
  authorIds?: string[] | undefined;
  /** Only results older than this message (the previous page's last result). */
  beforeId?: string | undefined;
  limit: number;
}

/** PostgreSQL: how many of the newest messages are searched before the GIN index is asked. */
const RECENT_WINDOW = 200;
/** SQLite: a "word*" beginning at most this many words is searched as those words. */
const PREFIX_EXPANSION_MAX = 50;
/** SQLite: from this many rooms searched, the newest matches of the words anywhere are read first. */
const ROOMS_PROBED_FIRST = 2;
/** SQLite: how many of the newest matches of the words, in any room, are read first (see searchSqliteRooms). */
const SQLITE_WORDS_PROBED = 200;
/** PostgreSQL: a query matching at least this many messages is read by walking rooms, not from the GIN index. */
const GIN_FETCH_CAP = 5000;

/** The page found, and whether the search ran to its end before its deadline. */
export interface SearchOutcome {
  rows: SearchHitRow[];
  complete: boolean;
}

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

/** The rooms a user is an active member of: what a search of "all my rooms" reads. */
export async function activeRoomIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_members')
    .select('room_id')
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .execute();
  return rows.map((row) => row.room_id);
}

/**
 * Full-text search over the messages of the given rooms, newest first, never a deleted message.
 * Every word must match the start of a word of the message, in any letter case. `db` compiles the
 * statements; `session` runs them (off the event loop, see db/search/) and stops at the search's
 * deadline, when the answer is what was found so far, marked incomplete.
 *
 * Both engines read the rooms searched first, never the rest of the site: SQLite asks its FTS5
 * index for the words and the rooms' tokens together (see migration
 * 20261127_1700_search_scoped_by_room), walking it in rowid order, newest insert first, and stops at
 * the page's end: a word found in every message of a huge room costs a page, not the room.
 * PostgreSQL: see below.
 */
export function messageSearchRepository(db: Db, session: SearchSession) {
  return {
    async search(search: MessageSearch): Promise<SearchOutcome> {
      const nothing: SearchOutcome = { rows: [], complete: true };
      if (search.roomIds.length === 0) return nothing;
      const engine = engineOf(db);
      const filters: RawBuilder<unknown>[] = [
        sql`m.deleted_at is null`,
        // The rooms as one value, so a statement's text does not vary with how many rooms there are.
        engine === 'sqlite'
          ? sql`m.room_id in (select value from json_each(${JSON.stringify(search.roomIds)}))`
          : sql`m.room_id = any(${search.roomIds}::text[])`,
      ];
      if (search.authorIds !== undefined) {
        if (search.authorIds.length === 0) return nothing;
        filters.push(sql`m.user_id in (${sql.join(search.authorIds)})`);
      }
      const limit = search.limit;
      const read: Read = async (query, noBitmapScans = false) => session.read(query.compile(db), { noBitmapScans });

      if (search.terms.length === 0) {
        if (search.beforeId !== undefined) {
          filters.push(
            sql`(m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${search.beforeId})`,
          );
        }
        return read(sql<SearchHitRow>`
          select m.*, r.repo_full_name, ${AUTHOR_COLUMNS}
          from messages m join chat_rooms r on r.id = m.room_id left join profiles p on p.id = m.user_id
          where ${sql.join(filters, sql` and `)}
          order by m.created_at desc, m.id desc limit ${limit}`);
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
          const vocabulary = await session.read(
            sql<{ term: string }>`
              select term from message_search_terms where term >= ${word} and term < ${`${word}\u{10FFFF}`}
              order by term limit ${PREFIX_EXPANSION_MAX + 1}`.compile(db),
          );
          if (!vocabulary.complete) return { rows: [], complete: false };
          const words = vocabulary.rows.map((row) => row.term);
          if (words.length === 0) return nothing;
          clauses.push(
            words.length > PREFIX_EXPANSION_MAX
              ? `"${word}"*`
              : `(${words.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ')})`,
          );
        }
        // The words in the text column only, in the rooms searched only: FTS5 steps both lists
        // together, so the rest of the site is never read.
        const wordsMatch = `{content} : (${clauses.join(' AND ')})`;
        const inRooms = `${wordsMatch} AND room : (${search.roomIds.map(roomToken).join(' OR ')})`;
        if (search.beforeId !== undefined) {
          filters.push(sql`f.rowid < (select b.rowid from messages b where b.id = ${search.beforeId})`);
        }
        // CROSS JOIN keeps SQLite's planner on the index's order (a join let it start from the rooms
        // table and sort every match); the room's name is read per result by its primary key.
        const page = (match: string, range: RawBuilder<unknown>) =>
          read(sql<SearchHitRow>`
            select m.*, (select r.repo_full_name from chat_rooms r where r.id = m.room_id) as repo_full_name,
              ${AUTHOR_COLUMNS}
            from messages_fts f
            cross join messages m on m.rowid = f.rowid
            left join profiles p on p.id = m.user_id
            where messages_fts match ${match} and ${range} and ${sql.join(filters, sql` and `)}
            order by f.rowid desc limit ${limit}`);
        if (search.roomIds.length < ROOMS_PROBED_FIRST) return page(inRooms, sql`true`);
        return searchSqliteRooms(search, wordsMatch, inRooms, page, read);
      }
      return searchPostgres(search, filters, read);
    },
  };
}

type Read = <R>(query: RawBuilder<R>, noBitmapScans?: boolean) => Promise<SearchRead<R>>;

/**
 * SQLite, searching many rooms: FTS5 sets up each room's token of `room : (r1 OR … OR rN)` before
 * it reads a match, about 40 µs a room (2 ms for 50 rooms on the benchmark's million messages, for
 * a word found once), while the words alone are found in microseconds. So the newest
 * SQLITE_WORDS_PROBED matches of the words anywhere are read first, keeping those of the rooms
 * searched (what is searched for in one's rooms is usually among the site's newest matches); only
 * when that does not fill the page does the index, asked for the words in the rooms searched,
 * read what is older. A word said all over the site but not in one's rooms costs the probe more.
 */
async function searchSqliteRooms(
  search: MessageSearch,
  wordsMatch: string,
  inRooms: string,
  page: (match: string, range: RawBuilder<unknown>) => Promise<SearchRead<SearchHitRow>>,
  read: Read,
): Promise<SearchOutcome> {
  const before =
    search.beforeId !== undefined
      ? sql`rowid < (select b.rowid from messages b where b.id = ${search.beforeId})`
      : sql`true`;
  const edge = await read(sql<{ rowid: number }>`
    select rowid from messages_fts where messages_fts match ${wordsMatch} and ${before}
    order by rowid desc limit 1 offset ${SQLITE_WORDS_PROBED - 1}`);
  if (!edge.complete) return { rows: [], complete: false };
  const edgeRowid = edge.rows[0]?.rowid;
  const newest = await page(wordsMatch, edgeRowid === undefined ? sql`true` : sql`f.rowid >= ${edgeRowid}`);
  if (edgeRowid === undefined || !newest.complete || newest.rows.length >= search.limit) return newest;
  const older = await page(inRooms, sql`f.rowid < ${edgeRowid}`);
  return { rows: [...newest.rows, ...older.rows].slice(0, search.limit), complete: older.complete };
}

/**
 * PostgreSQL cannot estimate how many messages a prefix query matches: it would walk a room
 * backwards for a rare word (all of a huge room) or read every match of a common word from the GIN
 * index. So: first the newest messages of the rooms searched (a common word fills the page there:
 * each room's newest, merged), then the GIN index, asked for the words in the rooms searched
 * together, for what is older (only words rare among the newest messages get that far).
 */
async function searchPostgres(search: MessageSearch, filters: RawBuilder<unknown>[], read: Read) {
  const limit = search.limit;
  const words = search.terms
    .map((term) => termParts(term))
    .map(({ word, prefix }) => (prefix ? `${word}:*` : word))
    .join(' & ');
  const matches = sql`${sql.raw(POSTGRES_CONTENT_VECTOR)} @@ to_tsquery('simple'::regconfig, ${words})`;
  // The index's expression: the words and one of the rooms' tokens.
  const scopedQuery = `(${words}) & (${search.roomIds.map(roomToken).join(' | ')})`;
  const scopedMatches = sql`${sql.raw(POSTGRES_SEARCH_VECTOR)} @@ to_tsquery('simple'::regconfig, ${scopedQuery})`;
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
  const window = RECENT_WINDOW;
  const rooms = sql`select scope.room_id from unnest(${search.roomIds}::text[]) as scope(room_id)`;
  const author = search.authorIds !== undefined ? sql`m.user_id in (${sql.join(search.authorIds)})` : sql`true`;
  // Each room's newest messages straight from the (room, created_at, id) index, in order, merged.
  const newest = sql`
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
  // full and older messages exist, the older matches in the rooms searched from the GIN index,
  // counted no further than a cap, with the page of them when they are few. The GIN part must not
  // become a sequential scan: the search connections never plan one.
  const older = sql`(m.created_at, m.id) < (select edge.created_at, edge.id from edge)`;
  const first = await read(sql<PostgresSearchRow>`
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
        where (select count(*) from hit) < ${limit} and exists (select 1 from edge) and ${scopedMatches}
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
      order by page.part, page.created_at desc, page.id desc`);
  if (!first.complete) return { rows: [], complete: false };
  const result = first.rows;
  const meta = result[0];
  const part = (n: number): SearchHitRow[] =>
    result
      .filter((row) => row.id !== null && Number(row.part) === n)
      .map(({ part: _part, gin_count: _count, edge_created_at: _edgeCreatedAt, edge_id: _edgeId, ...row }) => row);
  const found = part(0);
  const done = (rows: SearchHitRow[]): SearchOutcome => ({ rows, complete: true });
  if (found.length >= limit || !meta || meta.edge_id === null || meta.edge_created_at === null) return done(found);
  // Few older matches: their page came with the statement.
  if (Number(meta.gin_count) < GIN_FETCH_CAP) return done([...found, ...part(1)].slice(0, limit));
  const olderThan = sql`(m.created_at, m.id) < (${meta.edge_created_at}, ${meta.edge_id})`;
  const wanted = limit - found.length;
  // Many matches in the rooms searched: walk each of them back from the edge, stopping at the
  // page's end, without bitmap scans (the planner, misjudging a prefix query as rare, would read
  // every match from the GIN index per room).
  const rest = await read(
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
      order by m.created_at desc, m.id desc limit ${wanted}`,
    true,
  );
  return { rows: [...found, ...rest.rows], complete: rest.complete };
}
