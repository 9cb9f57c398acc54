import type { SearchLoadResult } from '../http/search-load-bench';

interface SearchLoadReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string };
  search: SearchLoadResult;
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');

/** bench/results/search-load.md: four people searching without pause, as another user sees it. */
export function searchLoadMarkdown(report: SearchLoadReport): string {
  const { search, machine: m } = report;
  const lines = [
    `# Message search under load: four searchers, everyone else`,
    '',
    `Last run ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}.`,
    '',
    `One product process (the production build) per engine at 127.0.0.1, on a site of ${search.engines[0]?.messages.toLocaleString('en-US') ?? '?'} ` +
      `messages in ${search.engines[0]?.rooms ?? '?'} rooms, written round-robin so the rooms' messages interleave. ` +
      `In the search phase ${search.searchers} searches are always in flight, each by the next of ${search.users.toLocaleString('en-US')} ` +
      `signed-in users (each in two rooms, a fifth of the site), so none reaches the limit of 20 a minute; ` +
      `the queries rotate through ${search.queries.map((q) => `\`${q}\``).join(', ')} (the last in one room). ` +
      `Throughout both phases another user requests \`/api/health\` and the newest page of a room's history ` +
      `back to back (10 ms apart). "Rest of machine" is the CPU everything else used meanwhile: on a shared ` +
      `machine it is what makes the latency figures noisy. \`npm run bench -- --only=search\`.`,
    '',
    `| engine | phase | seconds | other user's p99 ms | health p50 / p99 ms | history page p50 / p99 ms | other requests (failed) | searches | search p50 / p99 ms | incomplete | refused / failed | server CPU (cores) | PostgreSQL CPU (cores) | rest of machine busy |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const e of search.engines)
    for (const p of e.phases)
      lines.push(
        `| ${e.engine} | ${p.name} | ${p.seconds} | ${p.otherP99Ms} | ${p.healthP50Ms} / ${p.healthP99Ms} | ${p.historyP50Ms} / ${p.historyP99Ms} | ` +
          `${p.otherRequests} (${p.otherFailures}) | ${p.searches} | ${p.searchP50Ms} / ${p.searchP99Ms} | ${p.searchIncomplete} | ` +
          `${p.searchRefused} / ${p.searchFailed} | ${p.serverCpuShare} | ${e.engine === 'postgres' ? p.databaseCpuShare : '–'} | ${Math.round(p.othersShare * 100)} % |`,
      );
  lines.push('');
  for (const e of search.engines) {
    const load = e.phases.find((p) => p.name === 'search');
    if (load)
      lines.push(
        `- ${e.engine}: another user's p99 under search load ${load.otherP99Ms} ms, target < ${search.targetP99Ms} ms ` +
          `(${verdict(load.otherP99Ms < search.targetP99Ms)}); seeding took ${e.seedSeconds} s.`,
      );
  }
  lines.push('');
  return lines.join('\n');
}
