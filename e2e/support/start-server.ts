/**
 * Starts the real product for the browser suite: a fresh client build and a throw-away SQLite
 * database in a temp folder, the embedded GitHub emulator, on E2E_PORT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { seedDemoContent } from '../../server/services/demo/demo-content.start';

const port = process.env.E2E_PORT ?? '4300';
const workDir = process.env.E2E_WORK_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), `reporooms-e2e-${port}-`));
fs.mkdirSync(workDir, { recursive: true });
// A second server of the same run (the demo-content spec) reuses the first one's client build.
const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(workDir, 'client');
const demoContent = process.env.E2E_DEMO_CONTENT === 'true';

if (!process.env.E2E_CLIENT_DIR) {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: clientDir, sourcemap: false },
  });
}

const config = loadConfig({
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(workDir, 'e2e.db')}`,
  DATA_DIR: workDir,
  CLIENT_DIST_DIR: clientDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The browser tests expect an empty site (rooms, tiles and 'no rooms' states they create
  // themselves); only the demo-content spec's own server starts the way a new demo site does.
  DEMO_CONTENT: demoContent ? 'true' : 'false',
});
const { app, ctx, close } = await buildApp(config);
if (demoContent) await seedDemoContent(ctx);
await app.listen({ port: config.port, host: config.host });
process.stderr.write(`e2e server on ${config.publicUrl} (${workDir})\n`);

const stop = () => {
  void close().finally(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
