import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnManaged } from '../../server/testing/services/child-process';
import { freePort, waitForPort } from '../../server/testing/services/free-port';
import { createProductServer, REPO_ROOT } from '../../server/testing/services/product-server';
import { builtServerEntry } from './built-server';

/** The API calls the home page makes for a signed-out visitor. */
export const HOME_PAGE_CALLS = [
  '/api/discovery/trending',
  '/api/discovery/recent',
  '/api/discovery/active',
  '/api/stats',
];

export interface GitHubEconomy {
  views: number;
  upstreamRequestsWarm: number;
  upstreamRequestsColdFirstView: number;
  calls: string[];
}

/**
 * Upstream GitHub requests per 100 home-page views once the cache is warm, counted by a
 * standalone emulator's request counters (/__control/counters; the embedded one has no control
 * endpoints), which the product reaches through GITHUB_API_URL.
 */
export async function measureGitHubEconomy(views: number): Promise<GitHubEconomy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-economy-'));
  const emulatorPort = await freePort();
  const emulator = spawnManaged(process.execPath, ['--import', 'tsx', 'emulator/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, EMULATOR_PORT: String(emulatorPort) },
  });
  await waitForPort(emulatorPort, 30_000);
  const server = await createProductServer({
    databaseUrl: `sqlite:${path.join(dir, 'bench.db')}`,
    sessionSecret: randomBytes(32).toString('hex'),
    entry: builtServerEntry(),
    env: { GITHUB_API_URL: `http://127.0.0.1:${emulatorPort}/api/v3` },
  });
  const counters = `http://127.0.0.1:${emulatorPort}/__control/counters`;
  const total = async () => ((await (await fetch(counters)).json()) as { total: number }).total;
  const view = async () => {
    for (const call of HOME_PAGE_CALLS) await (await fetch(`${server.origin}${call}`)).arrayBuffer();
  };
  try {
    await server.start();
    await fetch(counters, { method: 'DELETE' });
    await view();
    const cold = await total();
    await fetch(counters, { method: 'DELETE' });
    for (let i = 0; i < views; i += 1) await view();
    return { views, upstreamRequestsWarm: await total(), upstreamRequestsColdFirstView: cold, calls: HOME_PAGE_CALLS };
  } finally {
    await server.stop();
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
