import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../server/db/database';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../server/testing/services/postgres-server';
import { createProductServer, type ProductServer } from '../../server/testing/services/product-server';
import { startThrowAwayRedis, type ThrowAwayRedis } from '../../server/testing/services/redis-server';
import { withChildren } from '../lib/cpu-meter';
import { round } from '../lib/percentiles';
import { seedChat } from '../lib/seed-chat';
import { sendersPerRoomFor, toGeneratorRooms } from './bench-rooms';
import { kneeOf, MAX_ATTEMPTS, measureStep, type MeasuredStep } from './fanout-bench';
import { GeneratorClient } from './generator-client';
import type { FanoutShape } from './shapes';
import { builtServerEntry } from '../lib/built-server';

export interface ScalingResult {
  measuredAt: string;
  shape: FanoutShape;
  deployment: string;
  steps: Array<{ rate: number; one: MeasuredStep; two: MeasuredStep }>;
  knee: { one: number; two: number };
}

export const SCALING_DEPLOYMENT =
  'PostgreSQL 15 (private cluster, fsync off) and Redis 7 on this machine; one product process, then two. ' +
  "With two, every room's member sockets alternate between the processes and sends alternate too, " +
  'so each event crosses Redis to reach half of its room.';

/**
 * The scaled deployment measured twice in the same run, interleaved at every rate: one product
 * process with Redis, then two processes sharing the database and the Redis bus. Each deployment
 * has its own rooms, so the sockets of the other deployment stay silent during a step.
 */
export async function runScalingBench(shape: FanoutShape, log: (line: string) => void): Promise<ScalingResult> {
  let postgres: ThrowAwayPostgres | undefined;
  let redis: ThrowAwayRedis | undefined;
  const processes: ProductServer[] = [];
  const generator = new GeneratorClient();
  try {
    postgres = await startThrowAwayPostgres();
    redis = await startThrowAwayRedis();
    const sessionSecret = randomBytes(32).toString('hex');
    for (let i = 0; i < 2; i += 1) {
      const server = await createProductServer({
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        sessionSecret,
        entry: builtServerEntry(),
      });
      processes.push(server);
      // One after the other: the first applies the migrations, the second finds them applied.
      await server.start();
    }
    const [first, second] = processes as [ProductServer, ProductServer];

    const handle = await openDatabase(postgres.url);
    const sendersPerRoom = sendersPerRoomFor(shape, shape.scalingRates, MAX_ATTEMPTS);
    log(
      `scaling: seeding 2 × ${shape.rooms} rooms × ${shape.membersPerRoom} members + ${sendersPerRoom} senders per room`,
    );
    const seed = { rooms: shape.rooms, membersPerRoom: shape.membersPerRoom, sendersPerRoom };
    const oneRooms = toGeneratorRooms(await seedChat(handle, seed));
    const twoRooms = toGeneratorRooms(await seedChat(handle, seed));
    await handle.close();

    const pid = (server: ProductServer): number => {
      const value = server.pid();
      if (!value) throw new Error('product process not running');
      return value;
    };
    const services = (): number[] => {
      const pids = [...withChildren(postgres?.pid() ?? -1), ...[redis?.pid()].filter((p): p is number => !!p)];
      return pids.filter((p) => p > 0);
    };

    const one = await generator.request(
      { cmd: 'connect', target: 'redis-1', baseUrls: [first.origin], rooms: oneRooms },
      'connected',
    );
    const two = await generator.request(
      { cmd: 'connect', target: 'redis-2', baseUrls: [first.origin, second.origin], rooms: twoRooms },
      'connected',
    );
    log(
      `scaling: one process ${one.open} sockets (${one.failed} failed), two processes ${two.open} (${two.failed} failed)`,
    );

    const steps: ScalingResult['steps'] = [];
    for (const rate of shape.scalingRates) {
      const oneStep = await measureStep(generator, {
        target: 'redis-1',
        servers: [pid(first)],
        services,
        rate,
        shape,
        frameBytes: 0,
      });
      const twoStep = await measureStep(generator, {
        target: 'redis-2',
        servers: [pid(first), pid(second)],
        services,
        rate,
        shape,
        frameBytes: 0,
      });
      for (const [label, step] of [
        ['1 process ', oneStep],
        ['2 processes', twoStep],
      ] as const) {
        log(
          `scaling ${label} ${String(rate).padStart(5)} msg/s: ${Math.round(step.deliveredPerSecond)} deliveries/s, ` +
            `p50 ${step.latencyMs.p50} ms, p99 ${step.latencyMs.p99} ms, ${round(step.cpuMicrosPerDelivery)} µs server CPU/delivery` +
            `${step.noisy ? ' (noisy)' : ''}`,
        );
      }
      steps.push({ rate, one: oneStep, two: twoStep });
    }
    return {
      measuredAt: new Date().toISOString(),
      shape,
      deployment: SCALING_DEPLOYMENT,
      steps,
      knee: { one: kneeOf(steps.map((s) => s.one)), two: kneeOf(steps.map((s) => s.two)) },
    };
  } finally {
    await generator.exit();
    for (const server of processes) await server.stop();
    await redis?.destroy();
    await postgres?.destroy();
  }
}
