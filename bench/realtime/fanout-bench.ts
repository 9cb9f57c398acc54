import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../server/db/database';
import { spawnManaged, type ManagedChild } from '../../server/testing/services/child-process';
import { freePort, sleep, waitForPort } from '../../server/testing/services/free-port';
import { createProductServer, REPO_ROOT, type ProductServer } from '../../server/testing/services/product-server';
import { startCpuWindow, type WatchedGroup } from '../lib/cpu-meter';
import { createEventLoopProbe, type EventLoopDelay, type EventLoopProbe } from '../lib/event-loop-delay';
import { round } from '../lib/percentiles';
import { seedChat } from '../lib/seed-chat';
import { sendersPerRoomFor, toGeneratorRooms } from './bench-rooms';
import { GeneratorClient } from './generator-client';
import type { StepReport, Target } from './generator-protocol';
import type { FanoutShape } from './shapes';
import { builtServerEntry } from '../lib/built-server';
import { measureIdleMemory, NO_MEMORY_FIGURE, type MemoryFigure } from './idle-memory';
import { sqliteStatementProbe, statementTimingLines } from '../lib/sqlite-statement-timing';

export interface MeasuredStep extends StepReport {
  deliveredPerSecond: number;
  /** Server CPU µs spent per delivered event (send path included; all product processes). */
  cpuMicrosPerDelivery: number;
  serverCpuShare: number;
  /** PostgreSQL and Redis, when the deployment has them: CPU µs per delivered event and share. */
  servicesMicrosPerDelivery?: number;
  servicesCpuShare?: number;
  generatorCpuShare: number;
  /** Share of the machine used by other processes (or other guests: steal) during the step. */
  othersShare: number;
  stealShare?: number;
  noisy: boolean;
  attempts: number;
  /** The server's event-loop delay over the step and its drain (one process: product or raw). */
  eventLoop?: EventLoopDelay;
}

export type { MemoryFigure } from './idle-memory';

export interface FanoutResult {
  /** When this section was measured (a partial run keeps the other sections' dates). */
  measuredAt: string;
  shape: FanoutShape;
  deployment: string;
  steps: Array<{ rate: number; product: MeasuredStep; raw: MeasuredStep }>;
  memory: { product: MemoryFigure; raw: MemoryFigure };
  knee: { product: number; raw: number };
}

const NOISE_LIMIT = 0.1;
const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
export const MAX_ATTEMPTS = 2;
export const KNEE_P99_MS = 50;

/**
 * Product and raw reference measured in the same run, step by step, interleaved: at every rate
 * the product runs, then the reference, so drifting machine load hits both alike.
 */
export async function runFanoutBench(
  shape: FanoutShape,
  log: (line: string) => void,
  options: {
    cpuProfileDir?: string;
    /** Time every SQLite statement of the product and write the table to this file (JSON). */
    sqlProfileFile?: string;
    measureMemory?: boolean;
  } = {},
): Promise<FanoutResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-bench-'));
  const databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
  // Both measured processes run with --expose-gc: memory is read after a full collection in each.
  const exposeGc = options.measureMemory !== false;
  const probes: Record<'product' | 'raw', EventLoopProbe> = {
    product: await createEventLoopProbe({ exposeGc }),
    raw: await createEventLoopProbe({ exposeGc }),
  };
  const statements = options.sqlProfileFile ? sqliteStatementProbe(path.resolve(options.sqlProfileFile)) : undefined;
  const product: ProductServer = await createProductServer({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('hex'),
    entry: builtServerEntry(),
    nodeArgs: [
      ...probes.product.nodeArgs,
      ...(statements?.nodeArgs ?? []),
      ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ],
    env: { ...probes.product.env, ...statements?.env },
  });
  let messagesSent = 0;
  let result: FanoutResult;
  let raw: ManagedChild | undefined;
  const generator = new GeneratorClient();
  try {
    await product.start();
    const handle = await openDatabase(databaseUrl);
    // Enough senders that no one exceeds the product's 10-per-minute send limit, even with repeats.
    const sendersPerRoom = sendersPerRoomFor(shape, shape.rates, MAX_ATTEMPTS);
    log(`seeding ${shape.rooms} rooms × ${shape.membersPerRoom} members + ${sendersPerRoom} senders per room`);
    const rooms = await seedChat(handle, { rooms: shape.rooms, membersPerRoom: shape.membersPerRoom, sendersPerRoom });
    await handle.close();
    const generatorRooms = toGeneratorRooms(rooms);

    const rawPort = await freePort();
    raw = spawnManaged(process.execPath, [...probes.raw.nodeArgs, 'bench/realtime/raw-broadcast-server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...probes.raw.env, PORT: String(rawPort) },
    });
    await waitForPort(rawPort, 30_000);
    const productPid = product.pid();
    if (!productPid) throw new Error('product not running');
    const pidOf: Record<'product' | 'raw', number> = { product: productPid, raw: raw.pid };
    const urlOf: Record<'product' | 'raw', string> = { product: product.origin, raw: `http://127.0.0.1:${rawPort}` };

    for (const target of ['product', 'raw'] as const) {
      const connected = await generator.request(
        { cmd: 'connect', target, baseUrls: [urlOf[target]], rooms: generatorRooms },
        'connected',
      );
      log(`${target}: ${connected.open} member connections open (${connected.failed} failed)`);
    }

    // Memory before any traffic: RSS growth per extra idle (subscribed, silent) connection, each
    // reading taken right after a full garbage collection in the measured process.
    const memory: FanoutResult['memory'] = { product: NO_MEMORY_FIGURE, raw: NO_MEMORY_FIGURE };
    for (const target of options.measureMemory === false ? [] : (['product', 'raw'] as const)) {
      const { failed, ...figure } = await measureIdleMemory(
        generator,
        probes[target],
        target,
        shape.idleConnections,
        generatorRooms,
      );
      memory[target] = figure;
      log(
        `${target}: ${figure.connections} idle connections (${failed} failed), ${figure.bytesPerConnection} B each ` +
          `(RSS after full GC ${mib(figure.rssBeforeBytes)} → ${mib(figure.rssAfterBytes)} MiB; ` +
          `heap used ${figure.heapBytesPerConnection} B each, ${mib(figure.heapUsedBeforeBytes ?? 0)} → ${mib(figure.heapUsedAfterBytes ?? 0)} MiB)`,
      );
    }

    const steps: FanoutResult['steps'] = [];
    let frameBytes = 600;
    for (const rate of shape.rates) {
      const pair = {} as { product: MeasuredStep; raw: MeasuredStep };
      for (const target of ['product', 'raw'] as const) {
        const measured = await measureStep(generator, {
          target,
          servers: pidOf[target],
          rate,
          shape,
          frameBytes,
          probe: probes[target],
        });
        if (target === 'product' && measured.meanFrameBytes > 0) frameBytes = measured.meanFrameBytes;
        if (target === 'product') messagesSent += measured.accepted;
        pair[target] = measured;
        log(
          `${target.padEnd(7)} ${String(rate).padStart(5)} msg/s: ${Math.round(measured.deliveredPerSecond)} deliveries/s, ` +
            `p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms, ${round(measured.cpuMicrosPerDelivery)} µs CPU/delivery, ` +
            `event loop p99 ${measured.eventLoop?.p99 ?? '?'} ms max ${measured.eventLoop?.max ?? '?'} ms` +
            `${measured.noisy ? ' (noisy)' : ''}`,
        );
      }
      steps.push({ rate, ...pair });
    }
    result = {
      measuredAt: new Date().toISOString(),
      shape,
      deployment: 'one process, SQLite, in-process bus',
      steps,
      memory,
      knee: { product: kneeOf(steps.map((s) => s.product)), raw: kneeOf(steps.map((s) => s.raw)) },
    };
  } finally {
    await generator.exit();
    await raw?.stop('SIGTERM');
    await product.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Written by the product process as it exited.
  if (options.sqlProfileFile && fs.existsSync(options.sqlProfileFile)) {
    for (const line of statementTimingLines(options.sqlProfileFile, messagesSent)) log(line);
  }
  return result;
}

export interface StepPlan {
  target: Target;
  /** The processes whose CPU is the deployment's cost. */
  servers: WatchedGroup;
  /** Database and bus servers of the deployment, measured apart. */
  services?: WatchedGroup;
  rate: number;
  shape: FanoutShape;
  frameBytes: number;
  /** The event-loop probe of the measured server process, when it has one. */
  probe?: EventLoopProbe;
}

/** One step at one rate, repeated once when other processes used the machine meanwhile. */
export async function measureStep(generator: GeneratorClient, plan: StepPlan): Promise<MeasuredStep> {
  const { target, rate, shape, frameBytes } = plan;
  let best: MeasuredStep | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    await sleep(1000);
    await plan.probe?.reset();
    const stop = startCpuWindow([plan.servers, generator.pid, plan.services ?? []]);
    const { report } = await generator.request(
      { cmd: 'step', target, rate, durationMs: shape.stepSeconds * 1000, drainMs: 5000, frameBytes },
      'step-done',
    );
    const cpu = stop();
    const eventLoop = await plan.probe?.read();
    const capacity = cpu.wallMs * 1000 * os.cpus().length;
    const [serverMicros = 0, generatorMicros = 0, servicesMicros = 0] = cpu.processMicros;
    const measured: MeasuredStep = {
      ...report,
      deliveredPerSecond: report.delivered / shape.stepSeconds,
      cpuMicrosPerDelivery: report.delivered ? serverMicros / report.delivered : 0,
      serverCpuShare: round(serverMicros / capacity, 3),
      generatorCpuShare: round(generatorMicros / capacity, 3),
      ...(plan.services
        ? {
            servicesMicrosPerDelivery: report.delivered ? servicesMicros / report.delivered : 0,
            servicesCpuShare: round(servicesMicros / capacity, 3),
          }
        : {}),
      othersShare: round(cpu.othersShare, 3),
      stealShare: round(cpu.stealShare, 3),
      noisy: cpu.othersShare > NOISE_LIMIT,
      attempts: attempt,
      ...(eventLoop ? { eventLoop } : {}),
    };
    if (!best || measured.othersShare < best.othersShare) best = measured;
    if (!measured.noisy) break;
  }
  if (!best) throw new Error('no measurement');
  return best;
}

/** Highest delivered rate among steps that kept p99 within the bound and delivered everything. */
export function kneeOf(steps: MeasuredStep[], p99BoundMs: number = KNEE_P99_MS): number {
  let knee = 0;
  for (const step of steps) {
    const complete = step.expected > 0 && step.delivered >= step.expected * 0.99 && step.starved === 0;
    if (complete && step.latencyMs.p99 <= p99BoundMs) knee = Math.max(knee, step.deliveredPerSecond);
  }
  return knee;
}
