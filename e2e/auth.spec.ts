import { expect, test } from '@playwright/test';
import { signInAs } from './support/sign-in';

const SESSION_COOKIE = 'rr_session';

test('signs in with GitHub, stays signed in across reloads, and sign-out ends the session for good', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/auth');
  await expect(page.getByText(/username and display name, avatar and bio, public email/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();

  // The emulator's consent page, reached through GitHub's authorize URL.
  await expect(page).toHaveURL(/\/_emulator\/login\/oauth\/authorize\?.*code_challenge_method=S256/);
  await page.getByRole('button', { name: 'Sign in as grace-demo', exact: true }).click();

  await expect(page).toHaveURL(`${baseURL}/`);
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ github_username: 'grace-demo' });
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === SESSION_COOKIE);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(cookies.find((c) => c.name === 'rr_oauth')).toBeUndefined();

  await page.reload();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // A signed-in visitor on /auth is sent home.
  await page.goto('/auth');
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${baseURL}/auth`);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The old cookie value is dead on the server, not just forgotten by the browser.
  const other = await browser.newContext({ baseURL });
  await other.addCookies([{ ...session!, expires: -1 }]);
  const replay = await other.request.get('/api/me');
  expect(replay.status()).toBe(401);
  await other.close();
});

test('cancelling on the consent page shows the Error toast and re-enables the button', async ({ page, baseURL }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`${baseURL}/auth`);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Error' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Sign-in was cancelled on GitHub.');
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('a signed-out visit to a protected page returns there after sign-in', async ({ page, baseURL }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(`${baseURL}/auth`);
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByRole('button', { name: 'Sign in as ada-demo', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/profile`);
});

test('signInAs signs a page in through the UI, replacing an earlier session', async ({ page }) => {
  await signInAs(page, 'ada-demo');
  await signInAs(page, 'grace-demo');
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ github_username: 'grace-demo' });
});
