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
