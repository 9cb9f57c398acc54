import fs from 'node:fs';

/** One statement text's time in a measured server (see sqlite-statement-probe.ts). */
export interface StatementTiming {
  sql: string;
  calls: number;
  totalMs: number;
  meanMicros: number;
}

/**
 * The Node flags and environment that load sqlite-statement-probe.ts, writing its table to `file`;
 * the flags go after those of the event-loop probe, which load tsx first.
 */
export function sqliteStatementProbe(file: string): { nodeArgs: string[]; env: Record<string, string> } {
  return {
    nodeArgs: ['--import', './bench/lib/sqlite-statement-probe.ts'],
    env: { BENCH_SQL_PROFILE_FILE: file },
  };
}

/**
 * The probe's table as text lines, largest total first, with each statement's time per message
 * sent during the run (the send path's statements run once per message, once per commit or once
 * per request).
 */
export function statementTimingLines(file: string, messagesSent: number, top = 20): string[] {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as StatementTiming[];
  const allMs = rows.reduce((sum, row) => sum + row.totalMs, 0);
  const perMessage = (ms: number) => (messagesSent > 0 ? `${((ms * 1000) / messagesSent).toFixed(1)} µs/message` : '');
  return [
    `SQLite statements: ${Math.round(allMs)} ms in all, ${perMessage(allMs)} over ${messagesSent} messages sent`,
    ...rows
      .slice(0, top)
      .map(
        (row) =>
          `${String(row.totalMs.toFixed(0)).padStart(7)} ms ${String(row.calls).padStart(8)} calls ` +
          `${row.meanMicros.toFixed(1).padStart(7)} µs each ${perMessage(row.totalMs).padStart(18)}  ${row.sql.slice(0, 140)}`,
      ),
  ];
}
