import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnManaged, type ManagedChild } from './child-process';
import { freePort, sleep } from './free-port';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProductServerOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** Shared by every process of one deployment (sessions must verify everywhere). */
  sessionSecret: string;
  /** Extra environment (e.g. for benchmarks). */
  env?: Record<string, string>;
  port?: number;
  /** Extra Node.js flags for the server process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * A built server to run with plain `node` (`dist/server/main.js`, what `npm start` runs);
   * without it the sources run through tsx.
   */
  entry?: string;
  /**
   * Open files the process may hold (`ulimit -n`): it is started through a shell that raises its
   * soft limit up to this figure or the hard limit, whichever is lower.
   */
  maxOpenFiles?: number;
}

export interface ProductServer {
  readonly port: number;
  readonly origin: string;
  pid(): number | undefined;
  /** Starts (again) on the same port and waits until /api/health answers; `env` adds to the options' for this run. */
  start(env?: Record<string, string>): Promise<void>;
  /** SIGKILL: the process dies mid-request, like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: graceful shutdown. */
  stop(): Promise<void>;
  output(): string;
}

const APP_VARIABLES = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'SESSION_SECRET',
  'DATA_DIR',
  'LOG_LEVEL',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'GITHUB_API_URL',
  'GITHUB_WEB_URL',
  'GITHUB_TOKEN',
  'CLIENT_DIST_DIR',
  'DEMO_CONTENT',
  'EMULATOR_CONTROL',
  'EMULATOR_POLL_INTERVAL_SECONDS',
];

/**
 * The real product (`node --import tsx server/main.ts`, or a built `entry`) as a child process on a
 * loopback port.
 */
export async function createProductServer(options: ProductServerOptions): Promise<ProductServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  // Nothing in it outlives a process (database and session secret come from the options), so a
  // graceful stop removes it and a start creates it again.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-data-'));
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete baseEnv[name];
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // API and WebSocket only: no client build is needed.
    CLIENT_DIST_DIR: path.join(dataDir, 'no-client'),
    // Tests and benchmarks count from an empty site; a test of the demo opts in.
    DEMO_CONTENT: 'false',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  let current: ManagedChild | undefined;
  let lastOutput = '';

  async function start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (current) return;
    fs.mkdirSync(dataDir, { recursive: true });
    const program = options.entry ? [options.entry] : ['--import', 'tsx', 'server/main.ts'];
    const argv = [...(options.nodeArgs ?? []), ...program];
    const child = options.maxOpenFiles
      ? spawnManaged(
          '/bin/sh',
          [
            '-c',
            // exec: the shell becomes the server, so the PID is the server's.
            `hard=$(ulimit -Hn); want=${Math.floor(options.maxOpenFiles)}; ` +
              `if [ "$hard" != unlimited ] && [ "$hard" -lt "$want" ]; then want=$hard; fi; ` +
              `ulimit -n "$want" && exec "$0" "$@"`,
            process.execPath,
            ...argv,
          ],
          { cwd: REPO_ROOT, env: { ...env, ...extraEnv } },
        )
      : spawnManaged(process.execPath, argv, { cwd: REPO_ROOT, env: { ...env, ...extraEnv } });
    current = child;
    void child.exited().then(() => {
      lastOutput = child.output();
      if (current === child) current = undefined;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.child.exitCode !== null || child.child.signalCode !== null) {
        throw new Error(`server exited during start-up:\n${child.output()}`);
      }
      try {
        const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`server did not answer on ${origin}:\n${child.output()}`);
        await sleep(150);
      }
    }
  }

  return {
    port,
    origin,
    pid: () => current?.pid,
    start,
    async kill() {
      const child = current;
      current = undefined;
      await child?.stop('SIGKILL');
    },
    async stop() {
      const child = current;
      current = undefined;
      await child?.stop('SIGTERM', 15_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => current?.output() ?? lastOutput,
  };
}
