import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../server/testing/services/postgres-server';
import { createProductServer } from '../../server/testing/services/product-server';
import { seedChat } from '../lib/seed-chat';
import { seedReadPositions, seedRoomMessages, seededMessageId } from './seed-messages';
import { builtServerEntry } from '../lib/built-server';
import { measureTarget, type HttpTarget } from './measure-target';

export interface HttpFigure {
  engine: 'sqlite' | 'postgres';
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface HttpBenchOptions {
  messages: number;
  seconds: number;
  connections: number;
  engines: Array<'sqlite' | 'postgres'>;
  /** When set, the server process writes its CPU profile (`.cpuprofile`) into this directory. */
  cpuProfileDir?: string | undefined;
  /** When set, only the targets whose name contains one of these words (a profile of one path). */
  targets?: string[] | undefined;
}

/** Readers besides the first, each in the same 50 rooms (the several-users unread target). */
const OTHER_READERS = 9;

/**
 * A user may search 20 times a minute, so each search path is measured at a steady pace from many
 * users in turn (each in the same 50 rooms as the reader), about two searches each.
 */
const SEARCHERS_PER_PATH = 500;
const SEARCHES_PER_SECOND = 150;

/** The hot read paths under autocannon, on each engine: one fresh product process per engine. */
export async function runHttpBench(options: HttpBenchOptions, log: (line: string) => void): Promise<HttpFigure[]> {
  const figures: HttpFigure[] = [];
  for (const engine of options.engines) {
    let postgres: ThrowAwayPostgres | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-http-bench-'));
    try {
      if (engine === 'postgres') postgres = await startThrowAwayPostgres();
      const databaseUrl = postgres ? postgres.url : `sqlite:${path.join(dir, 'bench.db')}`;
      const server = await createProductServer({
        databaseUrl,
        sessionSecret: randomBytes(32).toString('hex'),
        entry: builtServerEntry(),
        nodeArgs: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
      });
      try {
        await server.start();
        const handle = await openDatabase(databaseUrl);
        // Readers and an author: the readers come back to a room someone else filled.
        const [room] = await seedChat(handle, {
          rooms: 1,
          membersPerRoom: 2 + OTHER_READERS,
          sendersPerRoom: 4 * SEARCHERS_PER_PATH,
        });
        const member = room?.members[0];
        const author = room?.members[1];
        const readers = [member, ...(room?.members.slice(2) ?? [])];
        if (!room || !member || !author) throw new Error('seed failed');
        const searchers = (path: number) =>
          room.senders.slice(path * SEARCHERS_PER_PATH, (path + 1) * SEARCHERS_PER_PATH).map((user) => user.cookie);
        const started = Date.now();
        await seedRoomMessages(handle, room.id, author.id, options.messages);
        log(`${engine}: ${options.messages} messages seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        const positions = await seedReadPositions(handle, {
          roomId: room.id,
          readerIds: readers.flatMap((reader) => (reader ? [reader.id] : [])),
          authorId: author.id,
        });
        // A database in service is vacuumed by autovacuum; right after a million-row load, that
        // vacuum would run during the first measurements instead.
        await joinRoomsOf(
          handle,
          member.id,
          room.senders.map((user) => user.id),
        );
        if (engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
        // Statistics taken after the last rows went in (the message load analyses a database that
        // has one room and two members yet): with those, SQLite would scan the rooms table for each
        // membership instead of looking rooms up by id.
        else await sql`analyze`.execute(handle.db);
        await handle.close();

        const targets: HttpTarget[] = [
          { name: 'room latest page (50 of 1M messages)', path: `/api/rooms/${room.id}/messages?limit=50`, auth: true },
          {
            name: 'room at the first unread message (1M messages)',
            path: `/api/rooms/${room.id}/messages?limit=50&around=${positions.firstUnreadId}`,
            auth: true,
          },
          {
            name: 'room around a linked message (1M messages)',
            path: `/api/rooms/${room.id}/messages?limit=50&around=${positions.linkedId}`,
            auth: true,
          },
          // Pages are remembered while their room is unchanged (server/services/messages/room-page-cache.ts):
          // each request here opens around a different message, so every page is built.
          {
            name: 'room around a different message each time (1M, not remembered)',
            path: `/api/rooms/${room.id}/messages?limit=50&around=${seededMessageId(1)}`,
            auth: true,
            pathFor: () =>
              `/api/rooms/${room.id}/messages?limit=50&around=${seededMessageId(1 + Math.floor(Math.random() * options.messages))}`,
          },
          { name: 'unread counts, 50 rooms (/api/me/unread)', path: '/api/me/unread', auth: true },
          // Every connection asks for another reader's counts (one user per connection, as tabs
          // of different people would): what the counts depend on is read for several at once.
          {
            name: 'unread counts, 50 rooms, 10 readers at once',
            path: '/api/me/unread',
            auth: true,
            cookies: readers.flatMap((reader) => (reader ? [reader.cookie] : [])),
          },
          // The author of the big room: almost nothing in it is unread for them.
          {
            name: 'unread counts, author of the 1M room',
            path: '/api/me/unread',
            auth: true,
            cookie: author.cookie,
          },
          // Message search in the big room: a word in one message, a word in every message, a prefix;
          // then all the searcher's 50 rooms.
          {
            name: `search a room, rare word (1M messages, ${SEARCHES_PER_SECOND}/s)`,
            path: `/api/search/messages?q=${options.messages / 2}&room_id=${room.id}`,
            auth: true,
            cookies: searchers(0),
            ratePerSecond: SEARCHES_PER_SECOND,
          },
          {
            name: `search a room, word in every message (1M, ${SEARCHES_PER_SECOND}/s)`,
            path: `/api/search/messages?q=releases&room_id=${room.id}`,
            auth: true,
            cookies: searchers(1),
            ratePerSecond: SEARCHES_PER_SECOND,
          },
          {
            name: `search a room, prefix "releas*" (1M messages, ${SEARCHES_PER_SECOND}/s)`,
            path: `/api/search/messages?q=releas*&room_id=${room.id}`,
            auth: true,
            cookies: searchers(2),
            ratePerSecond: SEARCHES_PER_SECOND,
          },
          {
            name: `search all my rooms, rare word (${SEARCHES_PER_SECOND}/s)`,
            path: `/api/search/messages?q=${options.messages / 2}`,
            auth: true,
            cookies: searchers(3),
            ratePerSecond: SEARCHES_PER_SECOND,
          },
          // Signed in: signed-out visitors are limited per IP on these routes.
          { name: 'repository search (cached)', path: '/api/discovery/search?q=react', auth: true },
          { name: 'trending repositories (cached)', path: '/api/discovery/trending', auth: true },
          { name: 'current user (/api/me)', path: '/api/me', auth: true },
        ];
        const wanted = options.targets;
        for (const target of targets.filter((t) => !wanted || wanted.some((word) => t.name.includes(word)))) {
          const figure = await measureTarget(server.origin, target, {
            engine,
            connections: options.connections,
            seconds: options.seconds,
            defaultCookie: member.cookie,
            shownPath: ('pathFor' in target
              ? target.path.replace(/around=[^&]+/, 'around=:anyMessage')
              : target.path
            ).replace(room.id, ':roomId'),
            log,
          });
          if (figure) figures.push(figure);
        }
      } finally {
        await server.stop();
      }
    } finally {
      await postgres?.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return figures;
}

/** Makes `userIds` members of every room `memberId` is in (the searchers join the reader's 50 rooms). */
async function joinRoomsOf(handle: DatabaseHandle, memberId: string, userIds: string[]): Promise<void> {
  const rooms = await handle.db
    .selectFrom('chat_members')
    .select('room_id')
    .where('user_id', '=', memberId)
    .where('left_at', 'is', null)
    .execute();
  const joinedAt = new Date().toISOString();
  await handle.db.transaction().execute(async (trx) => {
    for (const { room_id } of rooms) {
      const existing = new Set(
        (await trx.selectFrom('chat_members').select('user_id').where('room_id', '=', room_id).execute()).map(
          (row) => row.user_id,
        ),
      );
      const rows = userIds
        .filter((userId) => !existing.has(userId))
        .map((userId) => ({ id: randomUUID(), room_id, user_id: userId, joined_at: joinedAt, left_at: null }));
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('chat_members')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    }
  });
}
