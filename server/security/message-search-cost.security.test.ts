import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchMessagesResponse } from '../../shared/api/search';
import { membersRepository } from '../db/repositories/members.repository';
import type { SearchReader, SearchSession } from '../db/search/search-reader';
import { buildRoom, buildUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { indexRoomForSearch } from '../testing/search-seed';
import { apiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * A search used to walk every match of its words on the whole site and only then keep those of
 * the searcher's rooms, even with `room_id` set: one user searching "the" over a site of many
 * messages stalled everyone's requests. A search must cost by what its searcher can read: the
 * rooms are read first, and the index is asked for the words in those rooms only. Checked by what
 * the database reads (the statements the search ran, re-run to count the index's rows), not by time.
 */
describeEachDatabase('message search reads only what the searcher can read', (engine) => {
  let app: TestApp;
  const ran: CompiledQuery[] = [];
  let unobserved: SearchReader['session'];

  beforeAll(async () => {
    app = await createTestApp({ engine });
    // Every statement a search runs, as it reaches the database.
    const reader = app.ctx.database.searchReader;
    const session = reader.session.bind(reader);
    unobserved = session;
    reader.session = (deadline, run) =>
      session(deadline, (inner) =>
        run({
          read: (query, options) => {
            ran.push(query);
            return inner.read(query, options);
          },
        }),
      );
  });
  afterAll(async () => {
    await app?.destroy();
  });

  const ELSEWHERE = 3000;

  async function member(roomIds: string[]) {
    const db = app.ctx.database.db;
    const user = await buildUser(db);
    for (const roomId of roomIds) {
      await membersRepository(db).upsertActive({
        id: randomUUID(),
        room_id: roomId,
        user_id: user.id,
        joined_at: '2025-01-01T00:00:00.000Z',
      });
    }
    return { id: user.id, cookie: await signIn(app, user.id) };
  }

  async function seed(roomId: string, userId: string, texts: string[], start: number): Promise<void> {
    const rows = texts.map((content, i) => ({
      id: randomUUID(),
      room_id: roomId,
      user_id: userId,
      client_id: randomUUID(),
      content,
      created_at: new Date(Date.UTC(2025, 0, 1) + (start + i) * 1000).toISOString(),
      edited_at: null,
    }));
    for (let i = 0; i < rows.length; i += 300) {
      await app.ctx.database.db
        .insertInto('messages')
        .values(rows.slice(i, i + 300))
        .execute();
    }
    // Written past the repository and the room's log: indexed for search here.
    await indexRoomForSearch(app.ctx.database.db, roomId);
    if (engine !== 'sqlite') {
      await sql`analyze messages`.execute(app.ctx.database.db);
    }
  }

  /** A site: one busy room full of "the" that the searcher is not in, and the searcher's own room. */
  async function site() {
    const db = app.ctx.database.db;
    const owner = await buildUser(db);
    const busy = await buildRoom(db, owner.id);
    const own = await buildRoom(db, owner.id);
    const searcher = await member([own.id]);
    // The searcher's room: three old messages with the word, then more than the newest messages
    // PostgreSQL looks at first without it; the busy room says it over and over, later.
    await seed(own.id, owner.id, ['the first', 'the second', 'the third'], 0);
    await seed(
      own.id,
      owner.id,
      Array.from({ length: 250 }, (_, i) => `plain chatter ${i}`),
      10,
    );
    await seed(
      busy.id,
      owner.id,
      Array.from({ length: ELSEWHERE }, (_, i) => `the busy room ${i}`),
      1000,
    );
    return { busy, own, searcher };
  }

  /**
   * How many index entries the statements that ran read, run again on the same kind of
   * connection: SQLite, the rows each full-text match yields; PostgreSQL, the rows every scan of
   * the messages table or its indexes produced (EXPLAIN ANALYZE).
   */
  async function indexRowsRead(statements: CompiledQuery[]): Promise<number> {
    let total = 0;
    for (const statement of statements) {
      if (engine === 'sqlite') {
        // The parameter that follows a piece of the statement, when it has one.
        const parameterAfter = (pattern: RegExp) => {
          const found = pattern.exec(statement.sql);
          if (!found) return undefined;
          const position = statement.sql.slice(0, found.index + found[0].length).split('?').length - 2;
          return statement.parameters[position];
        };
        const expression = parameterAfter(/messages_fts match \?/);
        if (expression === undefined) continue;
        // The statement's own bounds on the index's rows: a rowid range, and an offset it stops after.
        const lower = parameterAfter(/f\.rowid >= \?/);
        const upper = parameterAfter(/f\.rowid < \?/);
        const offset = parameterAfter(/ offset \?/);
        const counted = await sql<{ n: number }>`
          select count(*) as n from messages_fts where messages_fts match ${expression}
            and rowid >= ${lower ?? 0} and rowid < ${upper ?? Number.MAX_SAFE_INTEGER}`.execute(app.ctx.database.db);
        const read = Number(counted.rows[0]?.n ?? 0);
        total += offset === undefined ? read : Math.min(read, Number(offset) + 1);
        continue;
      }
      const explained = CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]);
      const plan = await unobserved(Date.now() + 60_000, (session: SearchSession) =>
        session.read<{ 'QUERY PLAN': unknown }>(explained),
      );
      total += rowsOnMessages(plan.rows[0]?.['QUERY PLAN']);
    }
    return total;
  }

  it('a search with room_id of a room the searcher is not in reads nothing and is refused', async () => {
    const { busy, searcher } = await site();
    ran.length = 0;
    const api = apiClient(app.app);
    const response = await api.get(`/api/search/messages?q=the&room_id=${busy.id}`, { cookie: searcher.cookie });
    expect(response.statusCode).toBe(403);
    expect(ran).toEqual([]);
  });

  it(`a common word found ${ELSEWHERE} times elsewhere reads only the searcher's rooms`, async () => {
    const { own, searcher } = await site();
    const api = apiClient(app.app);
    for (const params of [`q=the&room_id=${own.id}`, 'q=the', 'q=th*']) {
      ran.length = 0;
      const response = await api.get(`/api/search/messages?${params}`, { cookie: searcher.cookie });
      expect(response.statusCode).toBe(200);
      const body = response.json<SearchMessagesResponse>();
      expect(body.results.map((r) => r.content)).toEqual(['the third', 'the second', 'the first']);
      expect(body.incomplete).toBe(false);
      expect(ran.length).toBeGreaterThan(0);
      // The busy room's matches are never read: what is read is of the order of the searcher's
      // own room (253 messages), far below the busy room's.
      expect(await indexRowsRead(ran)).toBeLessThan(ELSEWHERE / 5);
    }
  });

  it(`searching several rooms, a word found ${ELSEWHERE} times elsewhere reads a bounded part of the rest`, async () => {
    const { own, searcher: first } = await site();
    const db = app.ctx.database.db;
    const owner = await buildUser(db);
    const newer = await buildRoom(db, owner.id);
    // Newer than everything the busy room says: found among the site's newest matches.
    await seed(
      newer.id,
      owner.id,
      Array.from({ length: 25 }, (_, i) => `the newer ${i}`),
      10_000,
    );
    const searcher = await member([own.id, newer.id]);
    expect(first.id).not.toBe(searcher.id);
    const api = apiClient(app.app);
    ran.length = 0;
    const firstPage = (
      await api.get('/api/search/messages?q=the', { cookie: searcher.cookie })
    ).json<SearchMessagesResponse>();
    expect(firstPage.results.map((r) => r.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `the newer ${24 - i}`),
    );
    expect(firstPage.next_before).toBe(firstPage.results[19]?.id);
    // Each page reads a few hundred index entries (SQLite: the site's newest matches it probes
    // first, at most 200, twice), far below the busy rooms' thousands.
    expect(await indexRowsRead(ran)).toBeLessThan(ELSEWHERE / 3);
    ran.length = 0;
    const secondPage = (
      await api.get(`/api/search/messages?q=the&before=${firstPage.next_before}`, { cookie: searcher.cookie })
    ).json<SearchMessagesResponse>();
    // The rest of the newer room, then the old messages of the searcher's first room, past the
    // busy room's thousands.
    expect(secondPage.results.map((r) => r.content)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `the newer ${4 - i}`),
      'the third',
      'the second',
      'the first',
    ]);
    expect(secondPage).toMatchObject({ incomplete: false, next_before: null });
    expect(await indexRowsRead(ran)).toBeLessThan(ELSEWHERE / 3);
  });
});

/** PostgreSQL plan (EXPLAIN ANALYZE, JSON): rows produced or removed by the scans of messages and its indexes. */
function rowsOnMessages(plan: unknown): number {
  let total = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const relation = record['Relation Name'];
    const index = record['Index Name'];
    if (relation === 'messages' || (typeof index === 'string' && index.startsWith('messages_'))) {
      const loops = Number(record['Actual Loops'] ?? 1);
      total += Number(record['Actual Rows'] ?? 0) * loops;
      total += Number(record['Rows Removed by Filter'] ?? 0) + Number(record['Rows Removed by Index Recheck'] ?? 0);
    }
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(plan);
  return total;
}
