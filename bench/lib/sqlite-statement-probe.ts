/**
 * Loaded into a measured server process (`node --import tsx --import ./bench/lib/sqlite-statement-probe.ts …`)
 * when BENCH_SQL_PROFILE_FILE is set: times every SQLite statement the process's main thread runs
 * (better-sqlite3's `run`, `get` and `all`, wall time of the call, which is the database's own work:
 * the calls are synchronous) and, when the process exits, writes one row per statement text to that
 * file as JSON: calls, total and mean time. The server under test is not changed; each call gains
 * two clock readings and a map update.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { StatementTiming } from './sqlite-statement-timing';

const file = process.env.BENCH_SQL_PROFILE_FILE;
if (file && isMainThread) {
  // The same module (and native class) the server loads: resolved from the working directory.
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const scratch = new Database(':memory:');
  const statementPrototype = Object.getPrototypeOf(scratch.prepare('select 1')) as Record<string, unknown>;
  scratch.close();

  const totals = new Map<string, { calls: number; nanoseconds: bigint }>();
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statementPrototype[method] as (this: { source: string }, ...args: unknown[]) => unknown;
    statementPrototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const elapsed = process.hrtime.bigint() - started;
        const entry = totals.get(this.source);
        if (entry) {
          entry.calls += 1;
          entry.nanoseconds += elapsed;
        } else {
          totals.set(this.source, { calls: 1, nanoseconds: elapsed });
        }
      }
    };
  }

  process.on('exit', () => {
    const rows: StatementTiming[] = [...totals]
      .map(([sql, { calls, nanoseconds }]) => ({
        sql: sql.replace(/\s+/g, ' ').trim(),
        calls,
        totalMs: Math.round(Number(nanoseconds) / 1e4) / 100,
        meanMicros: Math.round(Number(nanoseconds) / calls / 100) / 10,
      }))
      .sort((a, b) => b.totalMs - a.totalMs);
    fs.writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
  });
}
