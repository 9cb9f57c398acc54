/**
 * Capacity: the largest number of connected users one deployment serves within its targets
 * (delivery p99 and HTTP p99 under 100 ms) while they use it as browsers do. Steps N up, holding
 * each for a while, and stops at the first step that misses. See capacity-generator.ts for what
 * each user does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { readRssBytes } from '../../server/testing/faults/support/process-stats';
import { freePort, sleep } from '../../server/testing/services/free-port';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../server/testing/services/postgres-server';
import { createProductServer, type ProductServer } from '../../server/testing/services/product-server';
import { startThrowAwayRedis, type ThrowAwayRedis } from '../../server/testing/services/redis-server';
import { builtServerEntry } from '../lib/built-server';
import { startCpuWindow, withChildren } from '../lib/cpu-meter';
import { createEventLoopProbe, type EventLoopProbe } from '../lib/event-loop-delay';
import { sqliteStatementProbe, statementTimingLines } from '../lib/sqlite-statement-timing';
import { round } from '../lib/percentiles';
import { HTTP_KINDS, type GeneratorStats, type HttpKind } from './capacity-protocol';
import type { CapacityDeployment, CapacityOptions, CapacityResult, CapacityStep } from './capacity-types';
import { GeneratorPool } from './generator-pool';
import { count, fromSparse, merge, newHistogram, quantile } from './histogram';
import { limitingResource, stepMisses } from './limiting-resource';
import { serverMetricsLog, startServerMetrics } from './server-metrics';
import { roomSizes, seedMemberships, seedPopulation, type Population } from './population';

/** Asked of the shell that starts a product process; the hard limit caps it. */
const WANTED_OPEN_FILES = 1_048_576;

export const DEFAULT_CAPACITY_OPTIONS: CapacityOptions = {
  steps: [1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 15_000, 20_000, 25_000],
  holdSeconds: 180,
  settleSeconds: 60,
  connectsPerSecond: 250,
  generators: 3,
  deployments: ['sqlite', 'postgres'],
  sendMode: 'socket',
  rooms: 1_000,
  roomsPerUser: 5,
  zipfS: 1.1,
  cycleSeconds: 60,
  senderShare: 0.1,
  continueAfterMiss: false,
  unreadOnDelivery: false,
};

interface Deployment {
  processes: ProductServer[];
  probes: EventLoopProbe[];
  /** Each process's Prometheus /metrics (METRICS_PORT), in the order of `processes`. */
  metricsUrls: string[];
  services: () => number[];
  databaseUrl: string;
  stop: () => Promise<void>;
}

async function startDeployment(
  name: 'sqlite' | 'postgres',
  options: Pick<CapacityOptions, 'cpuProfileDir' | 'sqlProfileFile'>,
): Promise<Deployment> {
  const sessionSecret = randomBytes(32).toString('hex');
  const count = name === 'sqlite' ? 1 : 2;
  let postgres: ThrowAwayPostgres | undefined;
  let redis: ThrowAwayRedis | undefined;
  let dir: string | undefined;
  let databaseUrl: string;
  if (name === 'sqlite') {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-capacity-'));
    databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
  } else {
    postgres = await startThrowAwayPostgres();
    redis = await startThrowAwayRedis();
    databaseUrl = postgres.url;
  }
  const processes: ProductServer[] = [];
  const probes: EventLoopProbe[] = [];
  const metricsUrls: string[] = [];
  const statements =
    name === 'sqlite' && options.sqlProfileFile
      ? sqliteStatementProbe(path.resolve(options.sqlProfileFile))
      : undefined;
  const profiling = {
    nodeArgs: [
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`] : []),
      ...(statements ? ['--import', 'tsx', ...statements.nodeArgs] : []),
    ],
    env: statements?.env ?? {},
  };
  for (let i = 0; i < count; i += 1) {
    const probe = await createEventLoopProbe();
    // The server's own metrics listener (pool gauge, commit → socket-write histogram).
    const metricsPort = await freePort();
    const server = await createProductServer({
      databaseUrl,
      ...(redis ? { redisUrl: redis.url } : {}),
      sessionSecret,
      entry: builtServerEntry(),
      nodeArgs: [...probe.nodeArgs, ...profiling.nodeArgs],
      env: { ...probe.env, ...profiling.env, METRICS_PORT: String(metricsPort) },
      maxOpenFiles: WANTED_OPEN_FILES,
    });
    processes.push(server);
    probes.push(probe);
    metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
    // One after the other: the first applies the migrations.
    await server.start();
  }
  return {
    processes,
    probes,
    metricsUrls,
    databaseUrl,
    services: () =>
      [...(postgres ? withChildren(postgres.pid() ?? -1) : []), redis?.pid() ?? -1].filter((pid) => pid > 0),
    stop: async () => {
      for (const server of processes) await server.stop();
      await redis?.destroy();
      await postgres?.destroy();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function openFiles(pid: number): { open: number; limit: number } {
  try {
    const open = fs.readdirSync(`/proc/${pid}/fd`).length;
    const match = /Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
    return { open, limit: Number(match?.[1] ?? 0) };
  } catch {
    return { open: 0, limit: 0 };
  }
}

const DESCRIPTIONS = {
  sqlite: 'one product process, SQLite (WAL) in the process, in-process bus',
  postgres:
    'two product processes sharing PostgreSQL 15 (private cluster, fsync off) and Redis 7; users alternate between the processes',
} as const;

export async function runCapacityBench(options: CapacityOptions, log: (line: string) => void): Promise<CapacityResult> {
  const deployments: CapacityDeployment[] = [];
  for (const name of options.deployments) deployments.push(await runDeployment(name, options, log));
  return { measuredAt: new Date().toISOString(), options, deployments };
}

async function runDeployment(
  name: 'sqlite' | 'postgres',
  options: CapacityOptions,
  log: (line: string) => void,
): Promise<CapacityDeployment> {
  const deployment = await startDeployment(name, options);
  const pool = new GeneratorPool(options.generators);
  const pids = () => deployment.processes.map((p) => p.pid() ?? 0);
  let handle: DatabaseHandle | undefined;
  let sentInRun = 0;
  try {
    const maxUsers = Math.max(...options.steps);
    log(
      `capacity ${name}: seeding ${maxUsers} users in ${options.roomsPerUser} of ${options.rooms} rooms (Zipf s = ${options.zipfS})`,
    );
    handle = await openDatabase(deployment.databaseUrl);
    const population = await seedPopulation(handle, {
      users: maxUsers,
      rooms: options.rooms,
      roomsPerUser: options.roomsPerUser,
      zipfS: options.zipfS,
      seed: 20_261_127,
    });
    const largest = Math.max(...roomSizes(population, maxUsers));
    log(`capacity ${name}: seeded; the largest room will have ${largest} members at ${maxUsers} users`);
    await sleep(2000);
    const idleRssBytes = pids().map(readRssBytes);
    const notes: string[] = [];
    const limits = pids().map((pid) => openFiles(pid).limit);
    log(
      `capacity ${name}: idle RSS ${idleRssBytes.map((b) => `${Math.round(b / 2 ** 20)} MiB`).join(', ')}, open-file limit ${limits.join(', ')}`,
    );
    const perProcess = Math.ceil(maxUsers / deployment.processes.length);
    if (limits.some((limit) => limit > 0 && limit < perProcess + 1_000)) {
      notes.push(
        `The open-file limit of a product process is ${Math.min(...limits)} (the machine's hard limit): ` +
          `about ${Math.min(...limits) - 500} sockets per process, fewer than the ${perProcess} the largest step needs.`,
      );
    }
    await pool.all(
      (i) => ({
        cmd: 'init',
        baseUrls: deployment.processes.map((p) => p.origin),
        roomIds: population.roomIds,
        sendMode: options.sendMode,
        localAddress: `127.0.0.${10 + i}`,
        cycleMs: options.cycleSeconds * 1000,
        senderShare: options.senderShare,
        unreadOnDelivery: options.unreadOnDelivery,
      }),
      'ready',
    );

    const steps: CapacityStep[] = [];
    let connected = 0;
    for (const users of [...options.steps].sort((a, b) => a - b)) {
      // The step's new users join their rooms before they connect.
      await seedMemberships(handle, population, connected, users);
      const step = await measureStep(name, users, connected, population, deployment, pool, options, idleRssBytes, log);
      connected = users;
      steps.push(step);
      sentInRun += step.messagesSent;
      if (!step.passed && !options.continueAfterMiss) break;
    }
    const failed = steps.find((s) => !s.passed);
    return {
      name,
      description: DESCRIPTIONS[name],
      processes: deployment.processes.length,
      idleRssBytes,
      steps,
      capacity: failed
        ? Math.max(0, ...steps.filter((s) => s.passed && s.users < failed.users).map((s) => s.users))
        : Math.max(0, ...steps.map((s) => s.users)),
      limitingResource: failed ? limitingResource(failed, name) : 'not reached (every step passed)',
      notes,
    };
  } finally {
    await handle?.close();
    await pool.exit();
    await deployment.stop();
    // Written by the product process as it exits (the whole run: ramps, settles and holds).
    const sqlFile = options.sqlProfileFile && path.resolve(options.sqlProfileFile);
    if (name === 'sqlite' && sqlFile && fs.existsSync(sqlFile)) {
      for (const line of statementTimingLines(sqlFile, sentInRun)) log(`capacity ${name}: ${line}`);
    }
  }
}

async function measureStep(
  name: 'sqlite' | 'postgres',
  users: number,
  from: number,
  population: Population,
  deployment: Deployment,
  pool: GeneratorPool,
  options: CapacityOptions,
  idleRssBytes: number[],
  log: (line: string) => void,
): Promise<CapacityStep> {
  const g = pool.generators.length;
  const sizes = roomSizes(population, users);
  const fresh = population.users.slice(from, users).map((user, k) => ({ ...user, index: from + k }));
  log(`capacity ${name} ${users}: connecting ${fresh.length} more users at ${options.connectsPerSecond}/s`);
  const grown = await pool.all(
    (i) => ({
      cmd: 'grow',
      users: fresh.filter((u) => u.index % g === i),
      roomSizes: sizes,
      connectsPerSecond: options.connectsPerSecond / g,
    }),
    'grown',
  );
  const failedConnections = grown.reduce((sum, r) => sum + r.failed, 0);
  const connectErrors: Record<string, number> = {};
  for (const r of grown) for (const [k, v] of Object.entries(r.errors)) connectErrors[k] = (connectErrors[k] ?? 0) + v;
  log(
    `capacity ${name} ${users}: ${grown.reduce((s, r) => s + r.open, 0)} opened, ${failedConnections} failed ${JSON.stringify(connectErrors)}; settling ${options.settleSeconds} s`,
  );
  await sleep(options.settleSeconds * 1000);

  await pool.all(() => ({ cmd: 'reset' }), 'reset-done');
  await Promise.all(deployment.probes.map((p) => p.reset()));
  const pids = deployment.processes.map((p) => p.pid() ?? 0);
  const metrics = await startServerMetrics(deployment.metricsUrls);
  const stopCpu = startCpuWindow([...pids, deployment.services, ...pool.pids()]);
  await sleep(options.holdSeconds * 1000);
  const cpu = stopCpu();
  const serverMetrics = await metrics.stop();
  const loops = await Promise.all(deployment.probes.map((p) => p.read()));
  const stats = (await pool.all(() => ({ cmd: 'read' }), 'stats')).map((r) => r.stats);
  const rssBytes = pids.map(readRssBytes);
  const files = pids.map(openFiles);

  const cores = (micros: number) => round(micros / (cpu.wallMs * 1000), 3);
  const total = (pick: (s: GeneratorStats) => number) => stats.reduce((sum, s) => sum + pick(s), 0);
  const delivery = stats.reduce((h, s) => merge(h, fromSparse(s.delivery)), newHistogram());
  const httpAll = newHistogram();
  const byKind = {} as CapacityStep['http']['byKind'];
  for (const kind of HTTP_KINDS) {
    const histogram = stats.reduce((h, s) => merge(h, fromSparse(s.http[kind as HttpKind])), newHistogram());
    merge(httpAll, histogram);
    byKind[kind] = { count: count(histogram), p99Ms: quantile(histogram, 99) };
  }
  const sumRecords = (pick: (s: GeneratorStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const s of stats) for (const [k, v] of Object.entries(pick(s))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const rssGrowth = rssBytes.reduce((a, b) => a + b, 0) - idleRssBytes.reduce((a, b) => a + b, 0);
  const measured: Omit<CapacityStep, 'passed' | 'misses'> = {
    users,
    connected: total((s) => s.openSockets),
    failedConnections,
    connectErrors,
    holdSeconds: options.holdSeconds,
    delivery: {
      count: count(delivery),
      expected: total((s) => s.expectedDeliveries),
      asEvent: total((s) => s.deliveredEvents),
      asActivity: total((s) => s.deliveredActivity),
      p50Ms: quantile(delivery, 50),
      p99Ms: quantile(delivery, 99),
    },
    http: { count: count(httpAll), p50Ms: quantile(httpAll, 50), p99Ms: quantile(httpAll, 99), byKind },
    httpFailures: sumRecords((s) => s.httpFailures),
    roomOpens: total((s) => s.roomOpens),
    messagesSent: total((s) => s.sendsAccepted),
    typingFrames: total((s) => s.typingFrames),
    closes: sumRecords((s) => s.closes),
    cpu: {
      server: cpu.processMicros.slice(0, pids.length).map(cores),
      services: cores(cpu.processMicros[pids.length] ?? 0),
      generators: cpu.processMicros.slice(pids.length + 1).map(cores),
      others: round(cpu.othersShare * os.cpus().length, 3),
      machineCores: os.cpus().length,
    },
    eventLoop: loops.map((l) => ({ p99Ms: l.p99, maxMs: l.max })),
    rssBytes,
    bytesPerUser: Math.round(rssGrowth / users),
    openFiles: files,
    serverMetrics,
  };
  const misses = stepMisses(measured);
  const step: CapacityStep = { ...measured, passed: misses.length === 0, misses };
  log(
    `capacity ${name} ${users}: ${step.passed ? 'PASS' : `MISS (${misses.join('; ')})`} — delivery p50 ${step.delivery.p50Ms} p99 ${step.delivery.p99Ms} ms ` +
      `(${step.delivery.count}/${step.delivery.expected}), HTTP p99 ${step.http.p99Ms} ms ` +
      `(${HTTP_KINDS.map((k) => `${k} ${byKind[k].p99Ms}`).join(', ')}; ${step.http.count} requests), ` +
      `server CPU ${step.cpu.server.join('+')} cores, services ${step.cpu.services}, generators ${step.cpu.generators.join('+')}, ` +
      `others ${step.cpu.others}; event loop p99 ${loops.map((l) => l.p99).join('/')} ms; ` +
      `RSS ${rssBytes.map((b) => Math.round(b / 2 ** 20)).join('+')} MiB (${Math.round(step.bytesPerUser / 1024)} KiB/user); ` +
      `fds ${files.map((f) => `${f.open}/${f.limit}`).join(', ')}; closes ${JSON.stringify(step.closes)}; ` +
      serverMetricsLog(serverMetrics),
  );
  return step;
}
