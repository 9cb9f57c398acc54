import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../server/db/database';
import { createProductServer } from '../../server/testing/services/product-server';
import { createEventLoopProbe, type EventLoopDelay } from '../lib/event-loop-delay';
import { round } from '../lib/percentiles';
import { seedChat } from '../lib/seed-chat';
import { SEND_LIMIT_PER_MINUTE, toGeneratorRooms } from './bench-rooms';
import { GeneratorClient } from './generator-client';
import { builtServerEntry } from '../lib/built-server';

export interface SoakWindow {
  /** Seconds since the soak began, at the window's end. */
  atSeconds: number;
  deliveredPerSecond: number;
  delivered: number;
  expected: number;
  latencyMs: { p50: number; p99: number; max: number };
  eventLoop: EventLoopDelay;
}

export interface SoakResult {
  measuredAt: string;
  rooms: number;
  membersPerRoom: number;
  /** Offered messages/s over all rooms. */
  rate: number;
  /** How the rate was chosen (e.g. "70 % of the knee of this run's fan-out"). */
  rateBasis: string;
  durationSeconds: number;
  windows: SoakWindow[];
  /** Largest event-loop delay seen in any window (ms). */
  eventLoopMaxMs: number;
  /** Largest per-window event-loop p99 (ms). */
  eventLoopWorstP99Ms: number;
  rssFirstBytes: number;
  rssLastBytes: number;
  /** Least-squares slope of RSS over the windows after the first minute, MiB per minute. */
  rssSlopeMiBPerMinute: number;
  delivered: number;
  expected: number;
}

export interface SoakPlan {
  rooms: number;
  membersPerRoom: number;
  rate: number;
  rateBasis: string;
  durationSeconds: number;
  windowSeconds: number;
}

/**
 * The product at a steady load for a long time, in windows: per window the deliveries and their
 * latency, the server's event-loop delay and its RSS. A leak shows as an RSS slope; a periodic
 * stall (GC, checkpoints, timers) as a window's event-loop maximum.
 */
export async function runSoakBench(plan: SoakPlan, log: (line: string) => void): Promise<SoakResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-soak-'));
  const databaseUrl = `sqlite:${path.join(dir, 'soak.db')}`;
  const probe = await createEventLoopProbe();
  const product = await createProductServer({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('hex'),
    entry: builtServerEntry(),
    nodeArgs: probe.nodeArgs,
    env: probe.env,
  });
  const generator = new GeneratorClient();
  try {
    await product.start();
    const handle = await openDatabase(databaseUrl);
    // The send limit is per minute: a minute's worth of messages spread so no sender exceeds it,
    // with a quarter to spare.
    const sendersPerRoom = Math.ceil(((plan.rate * 60) / SEND_LIMIT_PER_MINUTE / plan.rooms) * 1.25) + 2;
    log(`soak: seeding ${plan.rooms} rooms × ${plan.membersPerRoom} members + ${sendersPerRoom} senders per room`);
    const rooms = await seedChat(handle, {
      rooms: plan.rooms,
      membersPerRoom: plan.membersPerRoom,
      sendersPerRoom,
    });
    await handle.close();
    const connected = await generator.request(
      { cmd: 'connect', target: 'product', baseUrls: [product.origin], rooms: toGeneratorRooms(rooms) },
      'connected',
    );
    log(`soak: ${connected.open} member connections open (${connected.failed} failed), ${plan.rate} msg/s`);

    const windows: SoakWindow[] = [];
    const started = Date.now();
    while (Date.now() - started < plan.durationSeconds * 1000) {
      await probe.reset();
      const { report } = await generator.request(
        {
          cmd: 'step',
          target: 'product',
          rate: plan.rate,
          durationMs: plan.windowSeconds * 1000,
          drainMs: 2000,
          frameBytes: 0,
        },
        'step-done',
      );
      const eventLoop = await probe.read();
      const window: SoakWindow = {
        atSeconds: Math.round((Date.now() - started) / 1000),
        deliveredPerSecond: Math.round(report.delivered / plan.windowSeconds),
        delivered: report.delivered,
        expected: report.expected,
        latencyMs: { p50: report.latencyMs.p50, p99: report.latencyMs.p99, max: report.latencyMs.max },
        eventLoop,
      };
      windows.push(window);
      log(
        `soak ${String(window.atSeconds).padStart(4)} s: ${window.deliveredPerSecond} deliveries/s, p99 ${window.latencyMs.p99} ms, ` +
          `event loop p99 ${eventLoop.p99} ms max ${eventLoop.max} ms, RSS ${round(eventLoop.rssBytes / 2 ** 20, 1)} MiB`,
      );
    }
    const settled = windows.filter((w) => w.atSeconds > 60);
    return {
      measuredAt: new Date(started).toISOString(),
      rooms: plan.rooms,
      membersPerRoom: plan.membersPerRoom,
      rate: plan.rate,
      rateBasis: plan.rateBasis,
      durationSeconds: plan.durationSeconds,
      windows,
      eventLoopMaxMs: Math.max(0, ...windows.map((w) => w.eventLoop.max)),
      eventLoopWorstP99Ms: Math.max(0, ...windows.map((w) => w.eventLoop.p99)),
      rssFirstBytes: windows[0]?.eventLoop.rssBytes ?? 0,
      rssLastBytes: windows.at(-1)?.eventLoop.rssBytes ?? 0,
      rssSlopeMiBPerMinute: round(
        slope(settled.map((w) => [w.atSeconds / 60, w.eventLoop.rssBytes / 2 ** 20] as const)),
        2,
      ),
      delivered: windows.reduce((sum, w) => sum + w.delivered, 0),
      expected: windows.reduce((sum, w) => sum + w.expected, 0),
    };
  } finally {
    await generator.exit();
    await product.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Least-squares slope of y over x (0 with fewer than two points). */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const [x, y] of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}
