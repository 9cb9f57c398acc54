import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import {
  CATCH_UP_MAX_FRAMES,
  startBackgroundCheckpoints,
  type BackgroundCheckpoints,
  type CheckpointPass,
} from './sqlite-checkpointer';

const require = createRequire(import.meta.url);

const PAGE = 4096;

describe('SQLite checkpoints in a background thread', () => {
  // Undone last first: a thread stops before its connection closes and its folder goes.
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function scratchFile(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-checkpoint-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return path.join(dir, 'db.sqlite');
  }

  function openRaw(file: string): BetterSqlite3.Database {
    const raw = new BetterSqlite3(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec('create table notes (id integer primary key, body blob not null)');
    cleanups.push(() => {
      if (raw.open) raw.close();
    });
    return raw;
  }

  function start(raw: BetterSqlite3.Database, file: string, intervalMs: number): BackgroundCheckpoints {
    const checkpoints = startBackgroundCheckpoints(raw, file, { intervalMs });
    cleanups.push(() => checkpoints.stop());
    return checkpoints;
  }

  /** Writes about `pages` pages of new rows, in transactions of a hundred rows. */
  function write(raw: BetterSqlite3.Database, pages: number): void {
    const insert = raw.prepare('insert into notes (body) values (?)');
    const batch = raw.transaction((count: number) => {
      for (let i = 0; i < count; i += 1) insert.run(Buffer.alloc(PAGE - 200, i % 251));
    });
    for (let done = 0; done < pages; done += 100) batch(Math.min(100, pages - done));
  }

  const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

  it('the connection that commits never copies the log into the file itself', () => {
    const file = scratchFile();
    const raw = openRaw(file);
    // No pass comes during this test: whatever reaches the file would be the committer's doing.
    start(raw, file, 60_000);
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    write(raw, 3000);
    // SQLite's default would have copied the log at 1,000 pages and started it over.
    expect(sizeOf(file)).toBeLessThan(100 * PAGE);
    expect(sizeOf(`${file}-wal`)).toBeGreaterThan(3000 * PAGE);
  });

  it('the background thread copies everything, and the log then starts over', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    const checkpoints = start(raw, file, 50);
    write(raw, 1500);
    // A pass that began after the last commit has copied all of it.
    await checkpoints.nextPass();
    const pass = await checkpoints.nextPass();
    expect(pass).toEqual({ busy: 0, log: expect.any(Number), checkpointed: pass.log, arrived: expect.any(Number) });
    expect(pass.log).toBeGreaterThan(1500);
    expect(sizeOf(file)).toBeGreaterThan(1500 * PAGE);
    expect(raw.prepare('select count(*) as n from notes').get()).toEqual({ n: 1500 });

    // The next commit writes at the start of the log again instead of after 1,500 pages.
    write(raw, 10);
    await checkpoints.nextPass();
    const after = await checkpoints.nextPass();
    expect(after.log).toBeGreaterThan(0);
    expect(after.log).toBeLessThan(100);
    expect(after.checkpointed).toBe(after.log);
  });

  it('under commits that never pause, the log still starts over', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    const checkpoints = startBackgroundCheckpoints(raw, file, { intervalMs: 30, catchUpFrames: 200 });
    cleanups.push(() => checkpoints.stop());
    const insert = raw.prepare('insert into notes (body) values (?)');
    const commit = raw.transaction(() => {
      for (let i = 0; i < 4; i += 1) insert.run(Buffer.alloc(PAGE - 200, i));
    });
    const logs: number[] = [];
    let writing = true;
    const watching = (async () => {
      while (writing) logs.push((await checkpoints.nextPass()).log);
    })();
    // A commit every millisecond or so: every pass has commits arriving while it copies.
    const commits = 1000;
    for (let i = 0; i < commits; i += 1) {
      commit();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    writing = false;
    await watching;
    expect(logs.length).toBeGreaterThan(5);
    // Without the catch-up, the log would hold every frame written (over 4,000 pages).
    expect(Math.max(...logs)).toBeLessThan(1500);
    expect(raw.prepare('select count(*) as n from notes').get()).toEqual({ n: commits * 4 });
  });

  it('under a bulk writer on another connection, the committing connection copies only a little', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    /** The committing connection's catch-ups and the passes, in the order they happened. */
    const seen: Array<{ main?: CheckpointPass; pass?: CheckpointPass }> = [];
    const pragma = raw.pragma.bind(raw);
    raw.pragma = ((source: string, options?: BetterSqlite3.PragmaOptions) => {
      const result = pragma(source, options);
      if (source.startsWith('wal_checkpoint')) seen.push({ main: (result as CheckpointPass[])[0] });
      return result;
    }) as typeof raw.pragma;
    const checkpoints = start(raw, file, 50);
    const watching = (async () => {
      for (;;) seen.push({ pass: await checkpoints.nextPass() });
    })().catch(() => undefined);
    // An import through another connection that leaves checkpoints to this one's thread (as a
    // second server process would): 50 pages per transaction, as fast as it goes, for about two
    // seconds, in a thread of its own so that this one answers the passes.
    const writer = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const db = new (require(workerData.driver))(workerData.file);
       db.pragma('busy_timeout = 5000');
       db.pragma('wal_autocheckpoint = 0');
       const insert = db.prepare('insert into notes (body) values (?)');
       const batch = db.transaction(() => { for (let i = 0; i < 50; i += 1) insert.run(Buffer.alloc(${PAGE - 200}, i)); });
       const until = Date.now() + 2000;
       let n = 0;
       while (Date.now() < until) { batch(); n += 1; }
       db.close();
       parentPort.postMessage(n);`,
      { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } },
    );
    const transactions = await new Promise<number>((resolve, reject) => {
      writer.once('message', resolve);
      writer.once('error', reject);
    });
    await checkpoints.nextPass();
    await checkpoints.nextPass();
    void watching;
    expect(transactions).toBeGreaterThan(20);
    expect(raw.prepare('select count(*) as n from notes').get()).toEqual({ n: transactions * 50 });
    // A catch-up runs on the pass's message, before the pass is handed to the waiters: what it
    // copied is what it found checkpointed beyond that pass.
    const copied = seen.flatMap((entry, i) => {
      const pass = seen[i + 1]?.pass;
      return entry.main && pass ? [entry.main.checkpointed - pass.checkpointed] : [];
    });
    // It caught up now and then (the log started over), never copying much on its own thread.
    expect(copied.length).toBeGreaterThan(0);
    expect(Math.max(...copied)).toBeLessThanOrEqual(CATCH_UP_MAX_FRAMES * 3);
  });

  it('a long remainder is left to the thread: the committing connection copies only a little', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    write(raw, 10);
    // The committing connection's own checkpoints, seen by wrapping its pragma calls.
    const own: string[] = [];
    const pragma = raw.pragma.bind(raw);
    raw.pragma = ((source: string, options?: BetterSqlite3.PragmaOptions) => {
      if (source.startsWith('wal_checkpoint')) own.push(source);
      return pragma(source, options);
    }) as typeof raw.pragma;
    const checkpoints = start(raw, file, 30);
    // A reader's snapshot from before the writes: no checkpoint may copy past it, so every pass
    // leaves the 1,500 pages written after it behind.
    const reader = new BetterSqlite3(file, { readonly: true });
    cleanups.push(() => {
      if (reader.open) reader.close();
    });
    reader.exec('begin');
    reader.prepare('select count(*) from notes').get();
    write(raw, 1500);
    await checkpoints.nextPass();
    const held = await checkpoints.nextPass();
    expect(held.log).toBeGreaterThan(1500);
    expect(held.log - held.checkpointed).toBeGreaterThan(1500);
    expect(own).toEqual([]);

    // Once the reader is done, the thread copies it all and the committing connection's catch-up
    // finds at most a few frames; the log then starts over.
    reader.exec('commit');
    await checkpoints.nextPass();
    const copied = await checkpoints.nextPass();
    expect(copied.checkpointed).toBe(copied.log);
    expect(own.length).toBeGreaterThan(0);
    write(raw, 10);
    await checkpoints.nextPass();
    expect((await checkpoints.nextPass()).log).toBeLessThan(100);
  });

  it('when the thread cannot run, the committing connection checkpoints again', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    let failure: Error | undefined;
    const reported = new Promise<void>((resolve) => {
      // A file that does not exist: the thread's connection fails to open.
      const checkpoints = startBackgroundCheckpoints(raw, `${file}.missing`, {
        intervalMs: 50,
        onFailure: (error) => {
          failure = error;
          resolve();
        },
      });
      cleanups.push(() => checkpoints.stop());
    });
    await reported;
    expect(failure?.message).toMatch(/SQLITE_CANTOPEN|unable to open/);
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    write(raw, 1500);
    expect(sizeOf(file)).toBeGreaterThan(900 * PAGE);
  });

  it('stopping hands checkpoints back; the last connection to close removes the log', async () => {
    const file = scratchFile();
    const raw = openRaw(file);
    const checkpoints = start(raw, file, 60_000);
    write(raw, 200);
    // The caller waiting for a pass is told, not left waiting.
    const waiting = expect(checkpoints.nextPass()).rejects.toThrow('stopped');
    await checkpoints.stop();
    await waiting;
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await expect(checkpoints.nextPass()).rejects.toThrow('not running');
    raw.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new BetterSqlite3(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from notes').get()).toEqual({ n: 200 });
    reopened.close();
  });

  it('a database opened on a file checkpoints in the background; one in memory does not', async () => {
    const file = scratchFile();
    const handle = await openDatabase(`sqlite:${file}`);
    const pragma = async (db: typeof handle.db) =>
      (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]?.wal_autocheckpoint;
    try {
      expect(handle.checkpoints).toBeDefined();
      expect(await pragma(handle.db)).toBe(0);
      await sql`create table notes (body text)`.execute(handle.db);
      await sql`insert into notes values ('kept')`.execute(handle.db);
      await handle.checkpoints?.nextPass();
      const pass = await handle.checkpoints?.nextPass();
      expect(pass?.checkpointed).toBe(pass?.log);
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(`${file}-wal`)).toBe(false);

    const memory = await openDatabase('sqlite::memory:');
    try {
      expect(memory.checkpoints).toBeUndefined();
    } finally {
      await memory.close();
    }
  });
});
