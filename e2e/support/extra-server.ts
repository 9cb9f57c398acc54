import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_OAUTH_APP } from '../../emulator/index';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/start';

export interface ExtraServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second product server for specs that need a site set up differently from the suite's shared
 * one (a new demo site, a GitHub that fails on demand). Same start script, its own port (the
 * suite's port + `offset`) and database, the client build of the suite's server.
 */
export async function startExtraServer(offset: number, env: Record<string, string>): Promise<ExtraServer> {
  const port = Number(process.env.E2E_PORT ?? '4300') + offset;
  const baseURL = `http://localhost:${port}`;
  const workDir = `${process.env.E2E_WORK_DIR ?? '/tmp/reporooms-e2e'}-extra-${offset}`;
  fs.mkdirSync(workDir, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-server.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_WORK_DIR: workDir,
      E2E_CLIENT_DIR: path.join(process.env.E2E_WORK_DIR ?? '', 'client'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`extra server exited with ${server.exitCode}`);
    const up = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('extra server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An extra server whose GitHub is a standalone emulator (sign-in included), for specs that change
 * what GitHub says through the emulator's control API; the suite's server uses the embedded
 * emulator, whose test switches are off. Stop both with `stop()`.
 */
export async function startExtraServerWithEmulator(
  offset: number,
  env: Record<string, string> = {},
): Promise<ExtraServer & { emulator: StartedEmulator }> {
  const baseURL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + offset}`;
  const emulator = await startEmulatorServer({
    apps: [{ ...DEMO_OAUTH_APP, callbackUrl: `${baseURL}/api/auth/github/callback` }],
    rateLimits: { coreAnonymous: 100_000, searchAnonymous: 100_000, coreAuthenticated: 100_000 },
  });
  const server = await startExtraServer(offset, {
    GITHUB_CLIENT_ID: DEMO_OAUTH_APP.clientId,
    GITHUB_CLIENT_SECRET: DEMO_OAUTH_APP.clientSecret,
    GITHUB_API_URL: `${emulator.url}/api/v3`,
    GITHUB_WEB_URL: emulator.url,
    ...env,
  });
  return {
    baseURL: server.baseURL,
    emulator,
    async stop() {
      await server.stop();
      await emulator.close();
    },
  };
}
