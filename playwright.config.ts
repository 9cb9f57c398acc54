import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One port and one server folder per run, shared with workers through the environment they
// inherit. Tests that need more history than the send limit allows seed the server's database
// (`e2e.db` in that folder) directly. Specs use ports up to 1,013 above this one; between 7000 and
// 10013 there is no port the fetch standard blocks as a "bad port" (6000, 6665–6697, 10080), which
// neither Node's fetch nor Chromium would reach.
process.env.E2E_PORT ??= String(7000 + (process.pid % 2000));
process.env.E2E_WORK_DIR ??= path.join(os.tmpdir(), `reporooms-e2e-${process.env.E2E_PORT}-${Date.now()}`);
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The adversarial browser tests run with `npm run test:security`, the rest with `npm run test:e2e`.
  projects: [
    { name: 'product', testIgnore: 'security/**' },
    { name: 'security', testMatch: 'security/**/*.spec.ts' },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: process.env.E2E_PORT, E2E_WORK_DIR: process.env.E2E_WORK_DIR },
    // SIGTERM lets the server close its database and delete its folder (the default is SIGKILL).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
