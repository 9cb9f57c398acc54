import type { HttpFigure } from '../http/http-bench';

export interface ThreadsReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string };
  threads: number;
  longReplies: number;
  connections: number;
  figures: HttpFigure[];
}

/** The targets: p99 of each threads read path, per engine. */
export const THREADS_TARGET_P99_MS = { sqlite: 15, postgres: 20 } as const;

/** bench/results/threads.md: opening a long thread and the "Questions" list of a room of many threads. */
export function threadsMarkdown(report: ThreadsReport): string {
  const m = report.machine;
  const lines = [
    '# Threads at scale',
    '',
    `Last run ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}.`,
    '',
    `One product process (the production build) per engine at 127.0.0.1, ${report.connections} connections ` +
      `without pause, after a warm-up. The room holds ${report.threads.toLocaleString('en-US')} threads of one to three ` +
      `replies (every third answered) and one thread of ${report.longReplies.toLocaleString('en-US')} replies. ` +
      `Target: p99 < ${THREADS_TARGET_P99_MS.sqlite} ms on SQLite, < ${THREADS_TARGET_P99_MS.postgres} ms on PostgreSQL. ` +
      '`npm run bench -- --only=threads`.',
    '',
    '| engine | path | req/s | p50 ms | p99 ms | target | non-2xx |',
    '|---|---|---:|---:|---:|---|---:|',
  ];
  for (const f of report.figures) {
    const target = THREADS_TARGET_P99_MS[f.engine];
    lines.push(
      `| ${f.engine} | ${f.name} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | < ${target} ms: ${f.p99Ms < target ? 'meets' : 'misses'} | ${f.non2xx} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
