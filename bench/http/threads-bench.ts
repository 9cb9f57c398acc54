import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../server/testing/services/postgres-server';
import { createProductServer } from '../../server/testing/services/product-server';
import { builtServerEntry } from '../lib/built-server';
import { seedChat } from '../lib/seed-chat';
import type { HttpFigure } from './http-bench';
import { measureTarget, type HttpTarget } from './measure-target';
import { seedThreads } from './seed-threads';

export interface ThreadsBenchOptions {
  /** Questions in the room besides the long thread. */
  threads: number;
  /** Replies in the long thread. */
  longReplies: number;
  seconds: number;
  connections: number;
  engines: Array<'sqlite' | 'postgres'>;
}

/**
 * Threads at scale, on each engine: opening a thread of `longReplies` replies and the room's
 * "Questions" list (each filter) in a room of `threads` threads, under `connections` concurrent
 * readers; one fresh product process per engine.
 */
export async function runThreadsBench(
  options: ThreadsBenchOptions,
  log: (line: string) => void,
): Promise<HttpFigure[]> {
  const figures: HttpFigure[] = [];
  for (const engine of options.engines) {
    let postgres: ThrowAwayPostgres | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-threads-bench-'));
    try {
      if (engine === 'postgres') postgres = await startThrowAwayPostgres();
      const databaseUrl = postgres ? postgres.url : `sqlite:${path.join(dir, 'bench.db')}`;
      const server = await createProductServer({
        databaseUrl,
        sessionSecret: randomBytes(32).toString('hex'),
        entry: builtServerEntry(),
      });
      try {
        await server.start();
        const handle = await openDatabase(databaseUrl);
        const [room] = await seedChat(handle, { rooms: 1, membersPerRoom: 10, sendersPerRoom: 0 });
        const reader = room?.members[0];
        if (!room || !reader) throw new Error('seed failed');
        const started = Date.now();
        const { longRootId } = await seedThreads(handle, {
          roomId: room.id,
          memberIds: room.members.map((m) => m.id),
          threads: options.threads,
          longReplies: options.longReplies,
          followerId: reader.id,
        });
        log(`${engine}: ${options.threads} threads seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        await sql`analyze`.execute(handle.db);
        await handle.close();

        const targets: HttpTarget[] = [
          {
            name: `open a thread of ${options.longReplies.toLocaleString('en')} replies`,
            path: `/api/messages/${longRootId}/thread`,
            auth: true,
          },
          ...(['all', 'unanswered', 'answered'] as const).map((filter) => ({
            name: `"Questions" (${filter}), room of ${options.threads.toLocaleString('en')} threads`,
            path: `/api/rooms/${room.id}/questions?filter=${filter}`,
            auth: true,
          })),
          { name: 'followed threads (/api/me/threads)', path: '/api/me/threads', auth: true },
        ];
        for (const target of targets) {
          const figure = await measureTarget(server.origin, target, {
            engine,
            connections: options.connections,
            seconds: options.seconds,
            defaultCookie: reader.cookie,
            shownPath: target.path.replace(room.id, ':roomId').replace(longRootId, ':rootId'),
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
