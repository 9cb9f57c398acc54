import { expect, type Page } from '@playwright/test';

/** Ends the page's session through the API (no UI needed), so the next sign-in starts clean. */
export async function signOutViaApi(page: Page): Promise<void> {
  // The API refuses state changes without a same-origin Origin header: learn the site's origin first.
  const origin = new URL((await page.request.get('/api/health')).url()).origin;
  const response = await page.request.post('/api/auth/sign-out', {
    headers: { origin, 'content-type': 'application/json' },
    data: '{}',
  });
  expect(response.status()).toBe(204);
}

/**
 * Signs in through the real UI: /auth → 'Continue with GitHub' → the emulator's consent page →
 * 'Sign in as {login}' → back on the site. Returns once the session is active. A page that is
 * already signed in (as anyone) is signed out first.
 */
export async function signInAs(page: Page, login: string): Promise<void> {
  const me = await page.request.get('/api/me');
  if (me.status() === 200) await signOutViaApi(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByRole('button', { name: `Sign in as ${login}`, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/_emulator') && !url.pathname.startsWith('/api/'));
  if (new URL(page.url()).pathname === '/auth') throw new Error(`Sign-in as ${login} failed: ${page.url()}`);
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/me');
      return response.status() === 200
        ? ((await response.json()) as { github_username: string }).github_username
        : null;
    })
    .toBe(login);
}
