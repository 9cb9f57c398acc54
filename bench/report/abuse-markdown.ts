import type { AbuseResult } from '../realtime/abuse-bench';

interface AbuseReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string };
  abuse: AbuseResult;
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');

/** bench/results/websocket-abuse.md: one user flooding the WebSocket, as others see it. */
export function abuseMarkdown(report: AbuseReport): string {
  const { abuse, machine: m } = report;
  const lines = [
    `# WebSocket abuse: one user floods, everyone else`,
    '',
    `Last run ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}.`,
    '',
    `One product process on SQLite at 127.0.0.1. In the flood phase a separate process holds ${abuse.floodSockets} sockets ` +
      `of one signed-in user and writes ${abuse.floodRate} frames/s in all, pings and \`room.subscribe after_seq:0\` ` +
      `(a ${abuse.replayLogEvents}-event log) alternately, reconnecting at once whenever the server closes one. Throughout both phases other users send ` +
      `over HTTP to another room (about 6.7 messages/s); a reader times each message from the start of its POST to its ` +
      `arrival on the reader's socket, and \`/api/health\` is requested back to back (20 ms apart). ` +
      `Server and flooder CPU come from /proc; "rest of machine" is everything else that ran at the same time ` +
      `(on a shared machine it is what makes the latency figures noisy). \`npm run bench -- --only=abuse\`.`,
    '',
    `| phase | seconds | delivered/sent | delivery p50 / p99 / max ms | health requests (failed) | health p50 ms | health p99 ms | server event loop p99 / max ms | server CPU (cores) | flooder CPU (cores) | rest of machine busy |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const p of abuse.phases)
    lines.push(
      `| ${p.name} | ${p.seconds} | ${p.messagesDelivered}/${p.messagesSent} | ${p.deliveryP50Ms} / ${p.deliveryP99Ms} / ${p.deliveryMaxMs} | ` +
        `${p.healthRequests} (${p.healthFailures}) | ${p.healthP50Ms} | ${p.healthP99Ms} | ${p.eventLoopP99Ms} / ${p.eventLoopMaxMs} | ` +
        `${p.serverCpuShare} | ${p.flooderCpuShare} | ${Math.round(p.othersShare * 100)} % |`,
    );
  const flood = abuse.phases.find((p) => p.name === 'flood');
  if (flood)
    lines.push(
      '',
      `Targets under the flood: delivery p99 < ${abuse.targets.deliveryP99Ms} ms (${verdict(flood.deliveryP99Ms < abuse.targets.deliveryP99Ms)}), ` +
        `health p99 < ${abuse.targets.healthP99Ms} ms (${verdict(flood.healthP99Ms < abuse.targets.healthP99Ms)}).`,
    );
  lines.push('', `Flooding process: \`${JSON.stringify(abuse.flooder)}\``, '');
  return lines.join('\n');
}
