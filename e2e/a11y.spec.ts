import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { JoinRoomResponse, MessageResponse } from '../shared/api/rooms';
import { signInAs } from './support/sign-in';

/**
 * Automated accessibility checks (axe, WCAG 2.1 A/AA rules) on each screen, in light and dark
 * themes, asserting no serious or critical violations. Manual keyboard checks live in shell.spec.ts.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n    ')}`,
    );
}

async function expectAccessible(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(`document.documentElement.classList.toggle('dark', ${theme === 'dark'})`);
  // Colours that change with the theme may be animated (transition-colors): measure them settled.
  // (Transitions only: a loading skeleton's pulse never ends; a cancelled transition is settled too.)
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)))',
  );
  expect(await seriousViolations(page), `${theme} theme of ${page.url()}`).toEqual([]);
}

test.describe('accessibility (signed out)', () => {
  test('home page while its lists load and once they have loaded', async ({ page }) => {
    // Hold the discovery answers so the loading placeholders are checked too, deterministically.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/discovery/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expectAccessible(page, 'light');
    release();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page, 'light');
    await expectAccessible(page, 'dark');
  });

  test('home page with the sidebar expanded and on a phone with the chats sheet open', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'sidebar_state', value: 'true', url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page.getByPlaceholder('Search chats...')).toBeVisible();
    await expectAccessible(page, 'light');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Open chats' }).click();
    await expect(page.getByRole('dialog', { name: 'Active chats' })).toBeVisible();
    await expectAccessible(page, 'dark');
  });

  test('sign-in page', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expectAccessible(page, 'light');
    await expectAccessible(page, 'dark');
  });

  test('404 page', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expectAccessible(page, 'light');
    await expectAccessible(page, 'dark');
  });
});

test.describe('accessibility (signed in)', () => {
  test('own profile page and the open account menu', async ({ page }) => {
    await signInAs(page, 'ada-demo');
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expectAccessible(page, 'light');
    await expectAccessible(page, 'dark');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for / })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'light');
  });

  test('chat room', async ({ page, baseURL }) => {
    await signInAs(page, 'ada-demo');
    const joined = await page.request.post('/api/rooms/join', {
      data: { repoFullName: 'ada-demo/note-g' },
      headers: { Origin: new URL(baseURL ?? '').origin },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const { room } = (await joined.json()) as JoinRoomResponse;
    // A code block, a reaction chip and a deleted message's tombstone are checked too.
    const headers = { Origin: new URL(baseURL ?? '').origin };
    const post = async (content: string) => {
      const response = await page.request.post(`/api/rooms/${room.id}/messages`, {
        data: { client_id: crypto.randomUUID(), content },
        headers,
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as MessageResponse).message.id;
    };
    const gone = await post('soon deleted');
    expect((await page.request.delete(`/api/messages/${gone}`, { data: {}, headers })).status()).toBe(204);
    const code = await post('Run this: ```npm test```');
    await page.request.post(`/api/messages/${code}/reactions`, { data: { emoji: '👍' }, headers });
    await page.goto(`/chat/${room.id}`);
    await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
    await expect(page.getByText('This message was deleted')).toBeVisible();
    await expect(page.locator('pre code')).toHaveText('npm test');
    await expectAccessible(page, 'light');
    await expectAccessible(page, 'dark');
  });
});
