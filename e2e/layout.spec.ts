import { expect, test, type Page } from '@playwright/test';
import { joinRoomByApi } from './support/chat-helpers';
import { signInAs } from './support/sign-in';

/**
 * Page geometry on phones, tablets and desktops: no page scrolls sideways, the chat composer is
 * always on screen, and the server-rendered HTML shows the shell before any script runs.
 */

// Each demo account may join 5 rooms an hour across the whole suite: Margaret joins few elsewhere.
const LOGIN = 'margaret-demo';
// Ada's profile stays public in every spec.
const PUBLIC_LOGIN = 'ada-demo';
const WIDTHS = [320, 375, 768, 1440];

interface Route {
  path: string;
  /** Something that is only there once the page has rendered its content. */
  ready(page: Page): ReturnType<Page['getByRole']>;
}

async function documentOverflow(page: Page): Promise<{ scrollWidth: number; viewport: number }> {
  return page.evaluate<{ scrollWidth: number; viewport: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth })',
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no page scrolls sideways at 320–1440 px (${colorScheme})`, async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme });
    await signInAs(page, LOGIN);
    const roomId = await joinRoomByApi(page, baseURL ?? '', 'ada-demo/loom-patterns');
    const routes: Route[] = [
      { path: '/', ready: (p) => p.getByRole('article').first() },
      { path: `/chat/${roomId}`, ready: (p) => p.getByRole('button', { name: 'Send message' }) },
      { path: '/profile', ready: (p) => p.getByRole('heading', { level: 1, name: 'Profile' }) },
      { path: `/user/${PUBLIC_LOGIN}`, ready: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/no/such/page', ready: (p) => p.getByRole('link', { name: 'Return to Home' }) },
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const route of routes) {
        await page.goto(route.path);
        await expect(route.ready(page)).toBeVisible({ timeout: 30_000 });
        expect(await documentOverflow(page), `${route.path} at ${width} px`).toEqual({
          scrollWidth: width,
          viewport: width,
        });
      }
    }
    // The sign-in page, as a visitor sees it.
    await page.context().clearCookies();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
      expect(await documentOverflow(page), `/auth at ${width} px`).toEqual({ scrollWidth: width, viewport: width });
    }
  });
}

test.describe('chat composer', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 800 },
    { width: 320, height: 480 },
  ]) {
    test(`the Send button and hint are inside the window at ${viewport.width}×${viewport.height}`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAs(page, LOGIN);
      const roomId = await joinRoomByApi(page, baseURL ?? '', 'ada-demo/loom-patterns');
      await page.goto(`/chat/${roomId}`);
      // The demo banner sits above the header and wraps on narrow screens; it must be counted. On a
      // short window (a phone with its keyboard open) it steps aside for the room.
      const banner = page.getByRole('note', { name: 'Demo mode' });
      if (viewport.height > 640) await expect(banner).toBeVisible();
      else await expect(banner).toBeHidden();
      for (const target of [
        page.getByRole('button', { name: 'Send message' }),
        page.getByText('Press Enter to send, Shift + Enter for new line'),
      ]) {
        await expect(target).toBeVisible();
        const box = await target.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      // The page itself does not scroll: the message list does.
      expect(await page.evaluate<number>('document.documentElement.scrollHeight')).toBeLessThanOrEqual(viewport.height);
    });
  }
});

test.describe('server-rendered shell', () => {
  test.use({ javaScriptEnabled: false });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`without JavaScript the header with RepoRooms and a loading skeleton show (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: 'RepoRooms' })).toHaveAttribute('href', '/');
      await expect(page.getByTestId('app-shell-skeleton')).toBeVisible();
      const headerBox = await header.boundingBox();
      expect(headerBox?.height).toBe(56);
    });
  }
});
