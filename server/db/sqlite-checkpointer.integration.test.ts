import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';

describe('SQLite checkpoints on a background thread', () => {
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    handle = undefined;
    dir = undefined;
  });

  async function waitForCheckpointAfter(runs: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((handle?.checkpoints?.().runs ?? 0) <= runs + 1) {
      if (Date.now() > deadline) throw new Error('no checkpoint ran');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('turns off checkpoints inside commits and keeps the write-ahead log from growing', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-checkpoint-'));
    const file = path.join(dir, 'test.db');
    handle = await openDatabase(`sqlite:${file}`);
    const db = handle.db;
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);

    await sql`create table filler (body blob)`.execute(db);
    // Ten batches of about 1 MiB each (8 MiB in all); between batches the background thread checkpoints.
    let largestWal = 0;
    for (let batch = 0; batch < 10; batch += 1) {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 250)
        insert into filler (body) select randomblob(4000) from n`.execute(db);
      largestWal = Math.max(largestWal, fs.statSync(`${file}-wal`).size);
      await waitForCheckpointAfter(handle.checkpoints?.().runs ?? 0);
    }
    const reading = handle.checkpoints?.();
    expect(reading?.checkpointedFrames).toBe(reading?.logFrames);
    // Without checkpoints the log would hold every batch (over 10 MB); it is reused from its start instead.
    expect(largestWal).toBeLessThan(4 * 2 ** 20);
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
    expect(Number(count.rows[0]?.n)).toBe(2500);
  });

  it('stops its thread when the database closes, and an in-memory database has none', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-checkpoint-'));
    const opened = await openDatabase(`sqlite:${path.join(dir, 'closing.db')}`);
    await sql`select 1`.execute(opened.db);
    await opened.close();
    const memory = await openDatabase('sqlite::memory:');
    expect(memory.checkpoints).toBeUndefined();
    await memory.close();
  });
});
