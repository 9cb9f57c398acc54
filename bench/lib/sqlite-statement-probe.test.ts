import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../server/testing/services/product-server';
import { sqliteStatementProbe, statementTimingLines, type StatementTiming } from './sqlite-statement-timing';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` in a Node process with the probe loaded; returns the probe's table. */
function runProbed(script: string): { file: string; rows: StatementTiming[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-sql-probe-'));
  dirs.push(dir);
  const file = path.join(dir, 'statements.json');
  const probe = sqliteStatementProbe(file);
  execFileSync(process.execPath, ['--import', 'tsx', ...probe.nodeArgs, '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...probe.env },
    stdio: 'pipe',
  });
  return { file, rows: JSON.parse(fs.readFileSync(file, 'utf8')) as StatementTiming[] };
}

describe('sqlite-statement-probe', () => {
  it('counts and times every run, get and all of each statement text, written as the process exits', () => {
    const { file, rows } = runProbed(`
      import Database from 'better-sqlite3';
      const db = new Database(':memory:');
      db.prepare('create table t (n integer)').run();
      const insert = db.prepare('insert into t (n) values (?)');
      for (let i = 0; i < 5; i += 1) insert.run(i);
      db.prepare('select   count(*) as c\\n from t').get();
      db.prepare('select n from t').all();
      db.prepare('select n from t').all();
    `);
    const byText = new Map(rows.map((row) => [row.sql, row]));
    expect(byText.get('insert into t (n) values (?)')?.calls).toBe(5);
    // Whitespace is folded: one row per statement text as it reads.
    expect(byText.get('select count(*) as c from t')?.calls).toBe(1);
    expect(byText.get('select n from t')?.calls).toBe(2);
    for (const row of rows) {
      expect(row.totalMs).toBeGreaterThanOrEqual(0);
      expect(row.meanMicros).toBeGreaterThan(0);
    }
    // Largest total first.
    expect(rows.map((row) => row.totalMs)).toEqual([...rows.map((row) => row.totalMs)].sort((a, b) => b - a));

    const lines = statementTimingLines(file, 5);
    expect(lines[0]).toMatch(/^SQLite statements: \d+ ms in all, [\d.]+ µs\/message over 5 messages sent$/);
    expect(lines.some((line) => line.includes('5 calls') && line.endsWith('insert into t (n) values (?)'))).toBe(true);
  });

  it('writes nothing and changes nothing without BENCH_SQL_PROFILE_FILE', () => {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        ...sqliteStatementProbe('unused').nodeArgs,
        '--input-type=module',
        '-e',
        `import Database from 'better-sqlite3';
         const db = new Database(':memory:');
         process.stdout.write(String(db.prepare('select 41 + 1 as n').get().n));`,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, BENCH_SQL_PROFILE_FILE: '' }, encoding: 'utf8' },
    );
    expect(output).toBe('42');
    expect(fs.existsSync(path.join(REPO_ROOT, 'unused'))).toBe(false);
  });
});
