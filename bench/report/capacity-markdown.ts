import {
  CAPACITY_TARGET_MS,
  POSTGRES_POOL_SIZE,
  type CapacityResult,
  type CapacityStep,
  type ServerMetricsWindow,
} from '../capacity/capacity-types';

export interface CapacityReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; os: string };
  capacity: CapacityResult;
}

const MiB = 2 ** 20;
const n = (value: number) => value.toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const fixed = (value: number, digits = 2) => (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);

/** Commit → socket-write p99 per process (ms, with the writes timed), or a dash. */
function commitToWrite(metrics: ServerMetricsWindow[] | undefined): string {
  if (!metrics?.length) return '–';
  return metrics
    .map((m) => (m.commitToWrite.p99Ms === null ? '–' : `${m.commitToWrite.p99Ms} (${n(m.commitToWrite.count)})`))
    .join(' / ');
}

/** The PostgreSQL pool per process: waiting and busy connections, mean (max); a dash without a pool. */
function poolUse(metrics: ServerMetricsWindow[] | undefined): string {
  const pools = (metrics ?? []).flatMap((m) => (m.pool ? [m.pool] : []));
  if (pools.length === 0) return '–';
  return pools
    .map((p) => `${fixed(p.waitingMean)} (${p.waitingMax}) / ${fixed(p.busyMean)} (${p.busyMax})`)
    .join(' · ');
}

function stepRow(deployment: string, step: CapacityStep): string {
  const deliveredShare = step.delivery.expected > 0 ? (step.delivery.count / step.delivery.expected) * 100 : 0;
  return [
    deployment,
    n(step.users),
    n(step.connected),
    `${step.delivery.p50Ms} / **${step.delivery.p99Ms}**`,
    `${fixed(deliveredShare, 1)} %`,
    `${step.http.p50Ms} / **${step.http.p99Ms}**`,
    step.cpu.server.map((c) => fixed(c)).join(' + '),
    fixed(step.cpu.services),
    step.cpu.generators.map((c) => fixed(c)).join(' + '),
    step.eventLoop.map((e) => e.p99Ms).join(' / '),
    commitToWrite(step.serverMetrics),
    poolUse(step.serverMetrics),
    step.rssBytes.map((b) => Math.round(b / MiB)).join(' + '),
    n(Math.round(step.bytesPerUser / 1024)),
    step.passed ? 'pass' : `miss: ${step.misses.join('; ')}`,
  ].join(' | ');
}

/** The capacity results as markdown: the largest N per deployment, then every step measured. */
export function capacityMarkdown(report: CapacityReport): string {
  const m = report.machine;
  const o = report.capacity.options;
  const lines = [
    '# Capacity: connected users within the targets',
    '',
    `Last run ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}.`,
    '',
    `N signed-in users, one socket each, each a member of ${o.roomsPerUser} of ${n(o.rooms)} rooms whose sizes follow ` +
      `a Zipf distribution (s = ${o.zipfS}); a step's rooms hold the users connected at that step (its new users join before they connect). Every ${o.cycleSeconds} s each user opens another of their rooms as the ` +
      'browser does (the room snapshot, the subscription, the read position, the unread counts) and ' +
      `${Math.round(o.senderShare * 100)} % of users compose (typing signals) and send one message (over ${o.sendMode === 'http' ? 'HTTP' : 'the socket'}), ` +
      `spread evenly over the cycle; sockets ping every 25 s. ` +
      (o.unreadOnDelivery
        ? 'Each user reads the unread counts again 300 ms after messages reach their socket, as the sidebar does. '
        : "The sidebar's refetch of the unread counts after each message reaching a socket is left out. ") +
      `A step connects users at ${o.connectsPerSecond}/s, waits ` +
      `${o.settleSeconds} s, then measures for ${o.holdSeconds} s; it passes when delivery p99 < ${CAPACITY_TARGET_MS.delivery} ms ` +
      `and HTTP p99 < ${CAPACITY_TARGET_MS.http} ms, every socket opened and ≥ 99 % of deliveries arrived. Steps stop at the first miss. ` +
      `${o.generators} load-generator processes share the machine with the product. \`npm run bench -- --only=capacity\`.`,
    '',
    '| deployment | users (N) | server CPU at N (cores) | memory per user | limiting resource |',
    '|---|---:|---:|---:|---|',
  ];
  for (const d of report.capacity.deployments) {
    const best = d.steps.filter((s) => s.passed).at(-1);
    // No step passed: the figure is below the first step measured, not zero users.
    const first = d.steps[0];
    const users = best || !first ? n(d.capacity) : `fewer than ${n(first.users)}`;
    lines.push(
      `| ${d.name}: ${d.description} | **${users}** | ${best ? fixed(sum(best.cpu.server)) : '–'} | ` +
        `${best ? `${n(Math.round(best.bytesPerUser / 1024))} KiB` : '–'} | ${d.limitingResource} |`,
    );
  }
  lines.push(
    '',
    '## Steps',
    '',
    'Delivery: send → the frame at each other member (room event on subscribed sockets, activity on the others). ' +
      'CPU in cores over the hold; event loop p99 per product process; memory per user = (RSS at N − RSS idle) / N. ' +
      "From each product process's own metrics (METRICS_PORT, scraped once a second over the hold): commit → write p99, " +
      'from a room event committed and published by the process to its frame written to one of its sockets (the upper bound ' +
      'of the histogram bucket, in ms, with the writes timed in brackets; events that reach a process over Redis are not timed ' +
      `there), and the PostgreSQL pool of ${POSTGRES_POOL_SIZE} connections: queries waiting for a connection / connections in use, ` +
      'mean (max) per process.',
    '',
    '| deployment | N | sockets open | delivery p50 / p99 ms | delivered | HTTP p50 / p99 ms | server CPU | DB + bus CPU | generators CPU | event loop p99 ms | commit → write p99 ms | DB pool waiting / in use | RSS MiB | KiB/user | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const d of report.capacity.deployments) for (const step of d.steps) lines.push(`| ${stepRow(d.name, step)} |`);
  const notes = report.capacity.deployments.flatMap((d) => d.notes.map((note) => `- ${d.name}: ${note}`));
  if (notes.length > 0) lines.push('', '## Notes', '', ...notes);
  lines.push('');
  return lines.join('\n');
}
