import { expect, test } from '@playwright/test';

/**
 * The e2e server's PUBLIC_URL says localhost; it also answers at 127.0.0.1. Demo mode sends page
 * loads at the other spelling to PUBLIC_URL, and a sign-in started there names the address to use.
 */

const otherSpelling = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? '');
  url.hostname = '127.0.0.1';
  return url;
};

test('a page opened at 127.0.0.1 moves to the PUBLIC_URL address, path and query kept', async ({ page, baseURL }) => {
  const at = otherSpelling(baseURL);
  await page.goto(`${at.origin}/user/ada-demo?tab=1`);
  expect(page.url()).toBe(`${new URL(baseURL ?? '').origin}/user/ada-demo?tab=1`);
});

test('a sign-in started at 127.0.0.1 says which address to use', async ({ page, baseURL }) => {
  const publicOrigin = new URL(baseURL ?? '').origin;
  await page.goto(`${otherSpelling(baseURL).origin}/api/auth/github/start?returnTo=%2F`);
  await expect(page).toHaveURL(`${publicOrigin}/auth`);
  await expect(page.getByText('Wrong address')).toBeVisible();
  await expect(
    page.getByText(
      `Sign-in only works at ${publicOrigin}, the address this site is set up for. Open ${publicOrigin} and sign in there.`,
    ),
  ).toBeVisible();
});
