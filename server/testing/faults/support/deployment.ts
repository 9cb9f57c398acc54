import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../../db/database';
import { startThrowAwayPostgres, type ThrowAwayPostgres } from '../../services/postgres-server';
import { createProductServer, type ProductServer } from '../../services/product-server';
import { startThrowAwayRedis, type ThrowAwayRedis } from '../../services/redis-server';
import { openFixtureDatabase } from './chat-fixture';

export interface Deployment {
  engine: 'sqlite' | 'postgres';
  databaseUrl: string;
  servers: ProductServer[];
  postgres: ThrowAwayPostgres | undefined;
  redis: ThrowAwayRedis | undefined;
  /** The test's own connection to the product database (fixtures and final checks). */
  fixture: DatabaseHandle;
  destroy(): Promise<void>;
}

export interface DeploymentOptions {
  engine: 'sqlite' | 'postgres';
  processes?: number;
  redis?: boolean;
  env?: Record<string, string>;
}

/** The product as it runs in production: N server processes on a private database (and Redis). */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    let postgres: ThrowAwayPostgres | undefined;
    let databaseUrl: string;
    if (options.engine === 'postgres') {
      postgres = await startThrowAwayPostgres();
      const started = postgres;
      cleanups.push(() => started.destroy());
      databaseUrl = postgres.url;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-fault-sqlite-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      databaseUrl = `sqlite:${path.join(dir, 'reporooms.db')}`;
    }
    let redis: ThrowAwayRedis | undefined;
    if (options.redis) {
      redis = await startThrowAwayRedis();
      const started = redis;
      cleanups.push(() => started.destroy());
    }
    const sessionSecret = randomBytes(32).toString('hex');
    const servers: ProductServer[] = [];
    for (let i = 0; i < (options.processes ?? 1); i += 1) {
      const server = await createProductServer({
        databaseUrl,
        sessionSecret,
        ...(redis ? { redisUrl: redis.url } : {}),
        ...(options.env ? { env: options.env } : {}),
      });
      cleanups.push(() => server.stop());
      // One at a time: the first one runs the migrations.
      await server.start();
      servers.push(server);
    }
    const fixture = await openFixtureDatabase(databaseUrl);
    cleanups.push(() => fixture.close());
    return {
      engine: options.engine,
      databaseUrl,
      servers,
      postgres,
      redis,
      fixture,
      async destroy() {
        for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    throw error;
  }
}

export function wsUrlOf(server: ProductServer): string {
  return `ws://127.0.0.1:${server.port}/ws`;
}
