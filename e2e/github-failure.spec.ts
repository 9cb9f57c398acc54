import { expect, test } from '@playwright/test';
import { startEmulatorServer, type StartedEmulator } from '../emulator/start';
import { startExtraServer, type ExtraServer } from './support/extra-server';

// The suite's server talks to an embedded emulator whose test switches are off. This spec runs a
// server against a standalone emulator it can make fail, as GitHub sometimes does.
const OFFSET = 2;
let emulator: StartedEmulator | undefined;
let server: ExtraServer | undefined;

test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  emulator = await startEmulatorServer();
  server = await startExtraServer(OFFSET, {
    GITHUB_API_URL: `${emulator.url}/api/v3`,
    GITHUB_WEB_URL: emulator.url,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await emulator?.close();
});

async function control(method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await fetch(`${emulator?.url}/__control/failures`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

// The server retries a failing GitHub twice with backoff, and searches wait in one queue (GitHub's
// etiquette), so the home page's lists learn of the failure one after another: allow for that.
const THROUGH_RETRIES = { timeout: 45_000 };

test('when GitHub fails the home lists say so, and "Try again" brings them back', async ({ page }) => {
  test.setTimeout(120_000);
  await control('POST', { pathPrefix: '/search', status: 503 });
  await page.goto('/');
  const trending = page.getByRole('region', { name: 'Trending Repositories', exact: true });
  await expect(trending.getByRole('alert')).toHaveText(/GitHub is not answering right now/, THROUGH_RETRIES);
  await expect(trending.getByText('No trending repositories match these filters.')).toHaveCount(0);

  await control('DELETE', {});
  await trending.getByRole('button', { name: 'Try again' }).click();
  await expect(trending.getByTestId('repository-card').first()).toBeVisible(THROUGH_RETRIES);
  await expect(trending.getByRole('alert')).toHaveCount(0);
});
