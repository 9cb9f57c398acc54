import { expect, test } from '@playwright/test';

test('the home page loads with the product title and the API is healthy', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('RepoRooms - Chat about GitHub Repos');
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/api/health/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ok' });
});

test('the API reference renders under its own policy, with the API title and its routes', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refusals.push(message.text());
  });
  page.on('pageerror', (error) => refusals.push(error.message));
  await page.goto('/api/docs');
  // Swagger UI compiles 1.6 MB of script and reads the whole document before it shows anything:
  // on a busy machine that takes longer than the default wait.
  await expect(page.getByRole('heading', { name: /RepoRooms API/ })).toBeVisible({ timeout: 45_000 });
  const send = page.locator('.opblock-post', { has: page.locator('[data-path="/api/rooms/{roomId}/messages"]') });
  await expect(send).toBeVisible();
  await expect(send).toContainText('Send a message');
  expect(refusals).toEqual([]);
});
