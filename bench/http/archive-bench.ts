import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createTestApp } from '../../server/testing/test-app';
import { anotherRepo, createMember } from '../../server/testing/room-test-kit';

export interface ArchiveFigure {
  engine: 'sqlite' | 'postgres';
  messages: number;
  /** The first request: the page built with none of its texts formatted before. */
  firstBuildMs: number;
  cachedP50Ms: number;
  cachedP99Ms: number;
  uncachedP50Ms: number;
  uncachedP99Ms: number;
  pageBytes: number;
  pageGzipBytes: number;
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 100) / 100;
};

/** What browsers and search engines' crawlers send: the page is answered with brotli. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * An archive day page of `messages` messages, in process: served from the page cache, and built
 * anew (the room's sequence moved before each request), on each engine, asked for as a browser or
 * a crawler does (compressed).
 */
export async function runArchiveBench(
  options: { engines: Array<'sqlite' | 'postgres'>; messages: number; requests: number },
  log: (line: string) => void,
): Promise<ArchiveFigure[]> {
  const figures: ArchiveFigure[] = [];
  for (const engine of options.engines) {
    const app = await createTestApp({ engine, github: 'emulator' });
    try {
      const ada = await createMember(app);
      const repo = anotherRepo();
      const roomId = (await ada.join(repo)).room.id;
      const start = Date.parse('2026-01-01T00:00:00Z');
      const rows = Array.from({ length: options.messages }, (_, i) => ({
        id: randomUUID(),
        room_id: roomId,
        user_id: ada.id,
        client_id: randomUUID(),
        content: `message ${i}: see **this** and \`code\` at https://example.com/${i}`,
        created_at: new Date(start + i * 60_000).toISOString(),
        edited_at: null,
      }));
      for (let i = 0; i < rows.length; i += 200) {
        await app.ctx.database.db
          .insertInto('messages')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      const url = `/r/${repo}/archive/2026-01-01`;
      const get = () =>
        app.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', 'accept-encoding': ACCEPT_ENCODING } });
      const firstStart = performance.now();
      await get();
      const firstBuildMs = Math.round((performance.now() - firstStart) * 100) / 100;
      const first = await app.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      const uncached: number[] = [];
      for (let i = 0; i < options.requests; i += 1) {
        await app.ctx.database.db
          .updateTable('chat_rooms')
          .set({ last_seq: 1_000_000 + i })
          .where('id', '=', roomId)
          .execute();
        const t = performance.now();
        await get();
        uncached.push(performance.now() - t);
      }
      const cached: number[] = [];
      for (let i = 0; i < options.requests * 5; i += 1) {
        const t = performance.now();
        await get();
        cached.push(performance.now() - t);
      }
      const figure: ArchiveFigure = {
        engine,
        messages: options.messages,
        firstBuildMs,
        cachedP50Ms: percentile(cached, 0.5),
        cachedP99Ms: percentile(cached, 0.99),
        uncachedP50Ms: percentile(uncached, 0.5),
        uncachedP99Ms: percentile(uncached, 0.99),
        pageBytes: Buffer.byteLength(first.body),
        pageGzipBytes: gzipSync(first.body).length,
      };
      log(
        `archive ${engine}: first build ${figure.firstBuildMs} ms, cached p50 / p99 ${figure.cachedP50Ms} / ${figure.cachedP99Ms} ms, built day of ${options.messages} p50 / p99 ${figure.uncachedP50Ms} / ${figure.uncachedP99Ms} ms, ${figure.pageBytes} B (${figure.pageGzipBytes} B gzip)`,
      );
      figures.push(figure);
    } finally {
      await app.destroy();
    }
  }
  return figures;
}
