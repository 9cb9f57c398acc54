import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database';
import { createSqliteSearchWorkers } from './sqlite-search-workers';

describe('SQLite search workers', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function database(): Promise<{ handle: DatabaseHandle; file: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-search-workers-'));
    const file = path.join(dir, 'test.db');
    const handle = await openDatabase(`sqlite:${file}`);
    cleanups.push(async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await handle.db.executeQuery(CompiledQuery.raw('create table words (word text)'));
    await handle.db.executeQuery(
      CompiledQuery.raw(
        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) insert into words select 'w' || i from n",
      ),
    );
    return { handle, file };
  }

  const inFuture = () => Date.now() + 60_000;

  it('answers statements from a read-only connection of its own, booleans as 1 and 0', async () => {
    const { file } = await database();
    const workers = createSqliteSearchWorkers(file, 1);
    cleanups.push(() => workers.close());
    const read = await workers.session(inFuture(), (session) =>
      session.read<{ n: number; yes: number }>(
        CompiledQuery.raw('select count(*) as n, ? as yes from words where word like ?', [true, 'w1%']),
      ),
    );
    expect(read).toEqual({ rows: [{ n: 11, yes: 1 }], complete: true });
    // Its connection cannot write.
    await expect(
      workers.session(inFuture(), (session) =>
        session.read(CompiledQuery.raw("insert into words values ('x') returning word")),
      ),
    ).rejects.toThrow(/readonly database/);
  });

  it('runs nothing past the deadline and says the answer is incomplete', async () => {
    const { file } = await database();
    const workers = createSqliteSearchWorkers(file, 1);
    cleanups.push(() => workers.close());
    const late = await workers.session(Date.now() - 1, (session) =>
      session.read(CompiledQuery.raw('select word from words')),
    );
    expect(late).toEqual({ rows: [], complete: false });
  });

  it('ends its threads when closed, and refuses statements after', async () => {
    const { file } = await database();
    const workers = createSqliteSearchWorkers(file, 2);
    await workers.session(inFuture(), (session) => session.read(CompiledQuery.raw('select 1')));
    await workers.close();
    await expect(workers.session(inFuture(), (session) => session.read(CompiledQuery.raw('select 1')))).rejects.toThrow(
      /closed/,
    );
  });
});
