import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { signInAs } from './support/sign-in';

// The shared server of the suite starts empty (DEMO_CONTENT=false). This spec starts a second
// server the way a new demo site starts.
const OFFSET = 1;
let server: ExtraServer | undefined;

test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer(OFFSET, { E2E_DEMO_CONTENT: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
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
