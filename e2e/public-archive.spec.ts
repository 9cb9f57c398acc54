import { randomUUID } from 'node:crypto';
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../playwright.config';
import type { MessageResponse } from '../shared/api/rooms';
import { joinRoomByApi, messageWith, openUser, type ChatUser } from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * Rooms readable without joining (docs/PRODUCT.md §22): a signed-out visitor reads a room and a
 * thread and sees new messages arrive, "Sign in to chat" brings them back signed in; a signed-in
 * non-member reads with "Join Chat" and is not joined by reading. The archive pages work without
 * JavaScript.
 */

const REPO = 'ada-demo/loom-patterns';
// Joins are limited per account and hour and the suite's other specs spend them: its own server.
const OFFSET = 13;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
test.use({ baseURL: BASE_URL });
let server: ExtraServer | undefined;
let ada: ChatUser;
let roomId = '';
let rootId = '';

async function post(content: string, threadRootId?: string): Promise<string> {
  const response = await ada.page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content, ...(threadRootId ? { thread_root_id: threadRootId } : {}) },
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as MessageResponse).message.id;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
  ada = await openUser(browser, 'ada-demo', BASE_URL);
  roomId = await joinRoomByApi(ada.page, BASE_URL, REPO);
  rootId = await post('How do I thread the **warp**?');
  await post('Start from the back beam', rootId);
});
test.afterAll(async () => {
  await ada?.context.close();
  await server?.stop();
});

test('a visitor reads a room and a thread, sees live messages, and "Sign in to chat" brings them back signed in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  try {
    const page = await visitor.newPage();
    await page.goto(`/r/${REPO}`);
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}$`));
    await expect(messageWith(page, 'How do I thread the warp?')).toBeVisible();
    await expect(page.getByPlaceholder('Type your message...')).toHaveCount(0);
    await expect(page.getByTestId('reader-bar').getByRole('button', { name: 'Sign in to chat' })).toBeVisible();

    // The thread, read-only.
    await messageWith(page, 'How do I thread the warp?').getByText('1 reply').click();
    const thread = page.getByTestId('thread-panel');
    await expect(thread.getByText('Start from the back beam')).toBeVisible();
    await expect(thread.getByRole('textbox', { name: 'Reply in thread' })).toHaveCount(0);
    await thread.getByRole('button', { name: 'Close thread' }).click();

    // A new message arrives without a reload.
    await post('a live message for readers');
    await expect(messageWith(page, 'a live message for readers')).toBeVisible({ timeout: 20_000 });

    await page.getByTestId('reader-bar').getByRole('button', { name: 'Sign in to chat' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.getByRole('button', { name: 'Sign in as grace-demo', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}$`));
    // Signed in now, and still not a member: "Join Chat", and reading joined nobody.
    const join = page.getByTestId('reader-bar').getByRole('button', { name: 'Join Chat' });
    await expect(join).toBeVisible();
    const details = await page.request.get(`/api/rooms/${roomId}`);
    expect(((await details.json()) as { membership: unknown }).membership).toBeNull();
    await join.click();
    await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('the archive pages read without JavaScript, with the thread as a question and answer', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/r/${REPO}/archive`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${REPO} chat archive`);
    await page.locator('.days a').first().click();
    await expect(page.locator('article').filter({ hasText: 'How do I thread the warp?' })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'warp' })).toBeVisible();
    await page.getByRole('link', { name: '1 reply' }).click();
    await expect(page).toHaveURL(new RegExp(`/r/${REPO}/threads/${rootId}$`));
    await expect(page.getByText('Start from the back beam')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/threads/${rootId}$`));
    await expect(page.getByRole('link', { name: 'Open in RepoRooms' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('Lighthouse: SEO 100 and accessibility at least 95 on a day page and a thread page', async () => {
  test.setTimeout(180_000);
  // Lighthouse asks Chromium for its address by fetch: the suite's port range has no blocked port.
  const port = Number(process.env.E2E_PORT ?? '4300') + OFFSET + 1000;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const day = new Date().toISOString().slice(0, 10);
    for (const path of [`/r/${REPO}/archive/${day}`, `/r/${REPO}/threads/${rootId}`]) {
      const result = await lighthouse(`${BASE_URL}${path}`, {
        port,
        onlyCategories: ['seo', 'accessibility'],
        output: 'json',
        logLevel: 'error',
        formFactor: 'desktop',
        screenEmulation: { disabled: true },
      });
      const categories = result?.lhr.categories;
      const failed = Object.values(result?.lhr.audits ?? {})
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      expect(categories?.seo?.score, `${path} SEO: ${failed.join(', ')}`).toBe(1);
      expect(
        categories?.accessibility?.score ?? 0,
        `${path} accessibility: ${failed.join(', ')}`,
      ).toBeGreaterThanOrEqual(0.95);
    }
  } finally {
    await browser.close();
  }
});
