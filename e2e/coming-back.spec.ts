import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MeDto } from '../shared/api/auth';
import type { MessageResponse } from '../shared/api/rooms';
import { joinRoomByApi, messageWith, openUser, readClipboard, type ChatUser } from './support/chat-helpers';
import { openServerDatabase } from './support/seed-database';
import { signInAs } from './support/sign-in';

/**
 * Coming back to a room: unread counts that follow the user, opening where they left off, links
 * to any message, readable room addresses and searches kept in the address.
 */

const BARBARA = 'barbara-demo';
const KEN = 'ken-demo';

async function post(page: Page, baseURL: string, roomId: string, content: string): Promise<string> {
  const response = await page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as MessageResponse).message.id;
}

const sidebarEntry = (page: Page, roomId: string) =>
  page.getByRole('complementary', { name: 'Chats' }).locator(`a[href="/chat/${roomId}"]`);

/** Whether the element is at least partly inside the scroller's visible area. */
async function isInView(page: Page, item: Locator): Promise<boolean> {
  const [box, frame] = await Promise.all([item.boundingBox(), page.getByTestId('message-scroller').boundingBox()]);
  if (!box || !frame) return false;
  return box.y + box.height > frame.y && box.y < frame.y + frame.height;
}

test.describe('unread messages', () => {
  let a: ChatUser;
  let b: ChatUser;
  test.afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
  });

  test('B away while A writes: counts, "(5) " in the title, the divider, and a position that follows B', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    a = await openUser(browser, BARBARA, base);
    b = await openUser(browser, KEN, base);
    const roomId = await joinRoomByApi(a.page, base, 'ken-demo/regex-thompson');
    await joinRoomByApi(b.page, base, 'ken-demo/regex-thompson');

    // B is elsewhere, with the site open in two tabs.
    const tab1 = b.page;
    const tab2 = await b.context.newPage();
    for (const tab of [tab1, tab2]) {
      await tab.goto('/');
      await expect(sidebarEntry(tab, roomId)).toBeVisible();
      await expect(tab).not.toHaveTitle(/^\(/);
    }

    const sent = [await post(a.page, base, roomId, '@ken-demo could you look at the matcher?')];
    for (const text of ['It backtracks on (a|aa)*', 'Thompson would not', 'Here is a failing case', 'Thoughts?']) {
      sent.push(await post(a.page, base, roomId, text));
    }

    for (const tab of [tab1, tab2]) {
      const entry = sidebarEntry(tab, roomId);
      await expect(entry.getByTestId('unread-count')).toHaveText('5');
      await expect(entry.getByTestId('mention-marker')).toBeVisible();
      await expect(entry).toHaveAttribute('data-unread', 'true');
      await expect(tab).toHaveTitle(/^\(5\) /);
    }
    // The home page's cards of B's chats say the same.
    const card = tab2.getByTestId('continue-chat').filter({ hasText: 'ken-demo/regex-thompson' });
    await expect(card.getByTestId('unread-count')).toHaveText('5');

    // B opens the room at the first message they have not read, under "New messages".
    await sidebarEntry(tab1, roomId).click();
    const divider = tab1.getByTestId('new-messages-divider');
    await expect(divider).toHaveText('New messages');
    const firstUnread = await divider.evaluate((element) =>
      element.nextElementSibling?.getAttribute('data-message-id'),
    );
    expect(firstUnread).toBe(sent[0]);
    // B reads down to the newest message (below the fold when the room's header is tall).
    await messageWith(tab1, 'Thoughts?').scrollIntoViewIfNeeded();
    await expect(messageWith(tab1, 'Thoughts?')).toBeInViewport();

    // Read in one tab, read everywhere: the other tab's count and title follow.
    await expect(sidebarEntry(tab2, roomId).getByTestId('unread-count')).toHaveCount(0);
    await expect(sidebarEntry(tab2, roomId).getByTestId('mention-marker')).toHaveCount(0);
    await expect(tab2).not.toHaveTitle(/^\(/);
    await expect(tab1).not.toHaveTitle(/^\(/);
    await tab2.close();
  });
});

test.describe('links to messages', () => {
  const TOTAL = 500;
  const label = (n: number) => `linked history ${String(n).padStart(3, '0')}`;
  let a: ChatUser;
  let b: ChatUser;
  let roomId = '';
  let ids: string[] = [];

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    a = await openUser(browser, BARBARA, base);
    b = await openUser(browser, KEN, base);
    roomId = await joinRoomByApi(a.page, base, 'barbara-demo/substitution');
    // Opening a link never joins: the second reader joins first, as a member follows links.
    await joinRoomByApi(b.page, base, 'barbara-demo/substitution');
    const me = (await (await a.page.request.get('/api/me')).json()) as MeDto;
    // A long history, older than the send limit lets a test write, straight into the database.
    const database = await openServerDatabase();
    try {
      const start = Date.parse('2026-01-01T00:00:00Z');
      const rows = Array.from({ length: TOTAL }, (_, i) => ({
        id: randomUUID(),
        room_id: roomId,
        user_id: me.id,
        client_id: randomUUID(),
        content: label(i + 1),
        created_at: new Date(start + i * 60_000).toISOString(),
        edited_at: null,
      }));
      for (let i = 0; i < rows.length; i += 100) {
        await database.db
          .insertInto('messages')
          .values(rows.slice(i, i + 100))
          .execute();
      }
      ids = rows.map((row) => row.id);
    } finally {
      await database.close();
    }
  });
  test.afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
  });

  test('a copied link opens the message, highlighted, for another user, also after a reload', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const target = ids[249]!;
    await a.page.goto(`/chat/${roomId}?message=${target}`);
    const item = a.page.locator(`[data-message-id="${target}"]`);
    await expect(item).toBeVisible();
    await item.hover();
    await item.getByRole('button', { name: 'Message actions' }).click();
    await a.page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(a.page.getByText('Link copied')).toBeVisible();
    const link = await readClipboard(a.page);
    expect(link).toBe(`${baseURL}/chat/${roomId}?message=${target}`);

    for (const open of [() => b.page.goto(link), () => b.page.reload()]) {
      await open();
      const linked = b.page.locator(`[data-message-id="${target}"]`);
      await expect(linked).toHaveAttribute('data-highlighted', 'true');
      await expect(linked).toContainText(label(250));
      expect(await isInView(b.page, linked)).toBe(true);
      // The highlight fades after a few seconds.
      await expect(linked).not.toHaveAttribute('data-highlighted', 'true', { timeout: 10_000 });
      // The newest messages are not loaded yet: "Jump to latest" takes the reader there.
      await expect(messageWith(b.page, label(TOTAL))).toHaveCount(0);
    }
    await b.page.getByRole('button', { name: /^Jump to latest/ }).click();
    await expect(messageWith(b.page, label(TOTAL))).toBeVisible();
    expect(await isInView(b.page, messageWith(b.page, label(TOTAL)))).toBe(true);

    // Scrolled up while a message arrives: the view stays and the button counts it.
    const scroller = b.page.getByTestId('message-scroller');
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 3;
    });
    await expect(b.page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    await post(a.page, baseURL ?? '', roomId, 'a new message while you were reading');
    const jump = b.page.getByRole('button', { name: 'Jump to latest, 1 new message' });
    await expect(jump).toBeVisible();
    expect(await isInView(b.page, messageWith(b.page, 'a new message while you were reading'))).toBe(false);
    await jump.click();
    await expect(messageWith(b.page, 'a new message while you were reading')).toBeInViewport();
  });

  test('a link to a deleted message says so; a signed-out visitor comes back to the link after sign-in', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const gone = ids[299]!;
    const removed = await a.page.request.delete(`/api/messages/${gone}`, {
      data: {},
      headers: { Origin: new URL(base).origin },
    });
    expect(removed.status()).toBe(204);
    await b.page.goto(`/chat/${roomId}?message=${gone}`);
    const tombstone = b.page.locator(`[data-message-id="${gone}"]`);
    await expect(tombstone).toHaveAttribute('data-highlighted', 'true');
    await expect(tombstone).toContainText('This message was deleted');

    const visitor = await browser.newContext({ baseURL: base });
    try {
      const page = await visitor.newPage();
      const target = ids[99]!;
      // A visitor reads the linked message at once, and signs in to write.
      await page.goto(`/chat/${roomId}?message=${target}`);
      await expect(page.locator(`[data-message-id="${target}"]`)).toHaveAttribute('data-highlighted', 'true');
      await page.getByRole('button', { name: 'Sign in to chat' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await page.getByRole('button', { name: 'Continue with GitHub' }).click();
      await page.getByRole('button', { name: `Sign in as ${KEN}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/chat/${roomId}\\?message=${target}$`));
      await expect(page.locator(`[data-message-id="${target}"]`)).toHaveAttribute('data-highlighted', 'true');
      await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});

test('a readable address /r/{owner}/{name} opens the room, in any letter case', async ({ page }) => {
  await signInAs(page, KEN);
  await page.goto('/r/KEN-DEMO/Chess-Belle');
  // The address never joins: the room (or a repository without one yet) offers "Join Chat".
  await page.getByRole('button', { name: 'Join Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('chess-belle');
  const roomUrl = page.url();
  // The same room again, spelled as GitHub does.
  await page.goto('/r/ken-demo/chess-belle');
  await expect(page).toHaveURL(roomUrl);
});

test('searches live in the address: shared, reloaded, and walked with back and forward', async ({ page }) => {
  const box = page.getByRole('searchbox', { name: 'Search repositories' });
  const results = page.getByRole('region', { name: 'Search Results', exact: true });
  const search = async (text: string) => {
    await box.fill(text);
    await page.getByRole('button', { name: 'Find chats' }).click();
  };
  await page.goto('/');
  await search('compiler');
  await expect(page).toHaveURL(/\/\?q=compiler$/);
  await expect(results).toBeVisible();
  await search('database');
  await expect(page).toHaveURL(/\/\?q=database$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?q=compiler$/);
  await expect(box).toHaveValue('compiler');
  await expect(results).toBeVisible();
  await page.goForward();
  await expect(box).toHaveValue('database');

  // A shared address with filters opens the same search.
  await page.goto('/?q=database&language=Rust');
  await expect(box).toHaveValue('database');
  await expect(results).toBeVisible();
  await expect(page.getByTestId('filters-badge')).toHaveText('1');
  // Clearing the filters is a step of its own: back brings them again.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/\?q=database$/);
  await expect(page.getByTestId('filters-badge')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('filters-badge')).toHaveText('1');
  await expect(box).toHaveValue('database');
});
