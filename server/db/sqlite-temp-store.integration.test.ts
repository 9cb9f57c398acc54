import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';

/** Files this process has open whose name SQLite gives its temporary files. */
function openTemporaryFiles(): string[] {
  const fds = fs.readdirSync('/proc/self/fd');
  const targets = fds.map((fd) => {
    try {
      return fs.readlinkSync(path.join('/proc/self/fd', fd));
    } catch {
      return '';
    }
  });
  return targets.filter((target) => target.includes('etilqs_'));
}

describe.runIf(process.platform === 'linux')('SQLite temporary storage', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a savepoint journaling far more than 64 KiB of pages stays in memory, with no temporary file', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-temp-store-'));
    handle = await openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    const { db } = handle;
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    // About 100 pages of rows, committed before the savepoint so that changing them journals them.
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
      insert into notes (body) select ${'a'.repeat(3000)} from n`.execute(db);

    const seen = await db.transaction().execute(async (trx) => {
      await sql`savepoint change`.execute(trx);
      await sql`update notes set body = ${'b'.repeat(3000)}`.execute(trx);
      const during = openTemporaryFiles();
      await sql`rollback to change`.execute(trx);
      await sql`release change`.execute(trx);
      return during;
    });

    expect(seen).toEqual([]);
    const rows = await sql<{ n: number }>`select count(*) as n from notes where body like 'a%'`.execute(db);
    expect(rows.rows[0]?.n).toBe(100);
  });
});
