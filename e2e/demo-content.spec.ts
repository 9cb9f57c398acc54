import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

// The shared server of the suite starts empty (DEMO_CONTENT=false). This spec starts a second
// server the way a new demo site starts, on the next port, with its own database, reusing the
// client build of the first one.
const port = Number(process.env.E2E_PORT ?? '4300') + 1;
const baseURL = `http://localhost:${port}`;
const workDir = `${process.env.E2E_WORK_DIR ?? '/tmp/reporooms-e2e'}-demo`;

test.use({ baseURL });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.mkdirSync(workDir, { recursive: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-server.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_WORK_DIR: workDir,
      E2E_CLIENT_DIR: path.join(process.env.E2E_WORK_DIR ?? '', 'client'),
      E2E_DEMO_CONTENT: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`demo server exited with ${server.exitCode}`);
    const up = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('demo server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('a new demo site already has rooms, people and conversations', async ({ page }) => {
  await page.goto('/');
  for (const tile of ['rooms', 'members', 'messages']) {
    await expect(page.getByTestId(`stat-${tile}`)).toContainText(/[1-9]/);
  }
  const activeNow = page.getByRole('region', { name: 'Active now', exact: true });
  await expect(activeNow.getByTestId('repository-card').first()).toBeVisible();
  await expect(activeNow).toContainText('facebook/react');

  // A visitor who signs in and opens one of those rooms finds history to read.
  await signInAs(page, 'barbara-demo');
  await page.goto('/');
  await activeNow
    .getByTestId('repository-card')
    .filter({ hasText: 'facebook/react' })
    .getByRole('button', { name: /Join Chat/ })
    .click();
  await page.waitForURL(/\/chat\//);
  const messages = page.getByRole('list', { name: 'Messages' }).getByTestId('message');
  await expect(messages.first()).toBeVisible();
  expect(await messages.count()).toBeGreaterThan(10);
  await expect(page.getByRole('list', { name: 'Messages' }).locator('pre code').first()).toBeVisible();
});
