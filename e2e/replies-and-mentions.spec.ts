import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { MeDto } from '../shared/api/auth';
import type { MessageResponse } from '../shared/api/rooms';
import { openDatabase } from '../server/db/database';
import {
  joinRoomByApi,
  messageWith,
  openRoom,
  openUser,
  type ChatUser,
  moreMenu,
  openMore,
} from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * Conversations between two people: a reply with its quote and the jump to the original (loaded
 * when it is not on screen), a mention lighting the "@" and the Mentions count, /mentions opening
 * the message, a browser notification while the tab is hidden, and a muted room.
 */

// Both users join rooms; joins are limited per account and hour, so this spec has its own server.
const OFFSET = 7;
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}` });
let server: ExtraServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
});
test.afterAll(async () => {
  await server?.stop();
});

const GRACE = 'grace-demo';
const LINUS = 'linus-demo';

async function me(page: Page): Promise<MeDto> {
  return (await (await page.request.get('/api/me')).json()) as MeDto;
}

async function post(page: Page, baseURL: string, roomId: string, content: string, replyTo?: string): Promise<string> {
  const response = await page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content, ...(replyTo ? { reply_to_id: replyTo } : {}) },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as MessageResponse).message.id;
}

/** Older history written straight into the extra server's database (more than the send limit allows). */
async function seedHistory(roomId: string, userId: string, texts: string[]): Promise<string[]> {
  const workDir = `${process.env.E2E_WORK_DIR ?? '/tmp/reporooms-e2e'}-extra-${OFFSET}`;
  const database = await openDatabase(`sqlite:${workDir}/e2e.db`);
  const start = Date.now() - 3_600_000;
  const rows = texts.map((content, i) => ({
    id: randomUUID(),
    room_id: roomId,
    user_id: userId,
    client_id: randomUUID(),
    content,
    created_at: new Date(start + i * 1000).toISOString(),
    edited_at: null,
  }));
  try {
    await database.db.insertInto('messages').values(rows).execute();
  } finally {
    await database.close();
  }
  return rows.map((row) => row.id);
}

/** What the page-side helpers use of the browser (the e2e code is type-checked without the DOM library). */
interface ShownNotification {
  onclick: (() => void) | null;
  close(): void;
}
interface NotificationClass {
  new (title: string, options?: { body?: string; tag?: string }): ShownNotification;
  readonly permission: string;
  requestPermission(): Promise<string>;
}
interface PageGlobals {
  Notification: NotificationClass;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  shownNotifications: Array<{ title: string; body: string }>;
  lastNotification: ShownNotification | null;
  document: { dispatchEvent(event: unknown): boolean };
  Event: new (type: string) => unknown;
}

/**
 * Records every notification the page creates (and keeps the last), before the app loads. The
 * context grants the permission; until the page asks for it, it reads as not decided yet
 * ('default'), as for someone who has never been asked (Playwright can only grant or deny).
 */
const RECORD_NOTIFICATIONS = () => {
  const target = globalThis as unknown as PageGlobals;
  const Real = target.Notification;
  target.shownNotifications = [];
  target.lastNotification = null;
  function Recorded(title: string, options?: { body?: string; tag?: string }) {
    target.shownNotifications.push({ title, body: options?.body ?? '' });
    let shown: ShownNotification;
    try {
      shown = new Real(title, options);
    } catch {
      shown = { onclick: null, close: () => undefined };
    }
    target.lastNotification = shown;
    return shown;
  }
  const asked = () => target.sessionStorage.getItem('notification-permission-asked') === 'yes';
  Object.defineProperty(Recorded, 'permission', {
    get: () => (asked() || Real.permission !== 'granted' ? Real.permission : 'default'),
  });
  (Recorded as unknown as { requestPermission: unknown }).requestPermission = () => {
    target.sessionStorage.setItem('notification-permission-asked', 'yes');
    return Real.requestPermission();
  };
  target.Notification = Recorded as unknown as NotificationClass;
};

/** The notifications the page has shown so far. */
/** The room's notification level, as the header's "More" menu marks it (the menu is closed again). */
async function notificationLevel(page: Page): Promise<string | null> {
  await openMore(page);
  const level = await page.locator('[data-testid="notification-level"][data-current]').textContent();
  await page.keyboard.press('Escape');
  return level;
}

function shownNotifications(page: Page): Promise<Array<{ title: string; body: string }>> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).shownNotifications);
}

/** Whether the element is at least partly inside the scroller's visible area. */
async function isInView(scroller: Locator, item: Locator): Promise<boolean> {
  const [box, frame] = await Promise.all([item.boundingBox(), scroller.boundingBox()]);
  if (!box || !frame) return false;
  return box.y + box.height > frame.y && box.y < frame.y + frame.height;
}

/** The tab goes to the background, as far as the page can tell. */
async function hideTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { document, Event } = globalThis as unknown as PageGlobals;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test.describe('replies and mentions', () => {
  let grace: ChatUser;
  let linus: ChatUser;

  /**
   * Grace and Linus signed in and in the repository's room; Grace's notifications are recorded
   * and the browser would grant them (she still has to turn them on). Returns the room and her page.
   */
  async function graceNotifiedIn(browser: Browser, base: string, repo: string) {
    grace = await openUser(browser, GRACE, base);
    linus = await openUser(browser, LINUS, base);
    await grace.context.addInitScript(RECORD_NOTIFICATIONS);
    const roomId = await joinRoomByApi(linus.page, base, repo);
    await joinRoomByApi(grace.page, base, repo);
    await grace.context.grantPermissions(['notifications'], { origin: new URL(base).origin });
    return { roomId, page: grace.page };
  }
  test.afterEach(async () => {
    await grace?.context.close();
    await linus?.context.close();
  });

  test('a reply quotes its original, jumps to it (loading it when needed) and says when it is deleted', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    grace = await openUser(browser, GRACE, base);
    linus = await openUser(browser, LINUS, base);
    const roomId = await joinRoomByApi(linus.page, base, 'caddyserver/caddy');
    await joinRoomByApi(grace.page, base, 'caddyserver/caddy');
    const linusMe = await me(linus.page);
    const linusName = linusMe.display_name || linusMe.username || '';
    const fillers = Array.from({ length: 60 }, (_, i) => `older filler ${i}`);
    const [oldQuestion] = await seedHistory(roomId, linusMe.id, ['An old question about caching', ...fillers]);
    const question = await post(linus.page, base, roomId, 'How do I reload the config?\nIt keeps the old one.');

    await openRoom(linus.page, roomId);
    const page = grace.page;
    await openRoom(page, roomId);
    const original = messageWith(page, 'How do I reload the config?');
    await original.hover();
    await original.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    const banner = page.getByTestId('composer-reply');
    await expect(banner).toContainText(`Replying to ${linusName}`);
    await expect(banner).toContainText('How do I reload the config?');
    // Escape cancels, and so does "Cancel reply".
    await page.getByPlaceholder('Type your message...').press('Escape');
    await expect(banner).toHaveCount(0);
    await original.hover();
    await original.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel reply' }).click();
    await expect(banner).toHaveCount(0);
    await original.hover();
    await original.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    const box = page.getByPlaceholder('Type your message...');
    await box.fill('Run caddy reload');
    await box.press('Enter');
    await expect(banner).toHaveCount(0);

    // The reply shows a compact quote: the original's author and first line, for both of them.
    const reply = messageWith(page, 'Run caddy reload');
    const quote = reply.getByTestId('reply-quote');
    await expect(quote).toHaveText(`${linusName}How do I reload the config?`);
    await expect(messageWith(linus.page, 'Run caddy reload').getByTestId('reply-quote')).toContainText(
      'How do I reload the config?',
    );

    // A click scrolls to the original and highlights it (scrolled away first, not so far up that
    // older pages load).
    const scroller = page.getByTestId('message-scroller');
    const target = page.locator(`[data-message-id="${question}"]`);
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 3;
    });
    await expect.poll(() => isInView(scroller, target)).toBe(false);
    await quote.click();
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect.poll(() => isInView(scroller, target)).toBe(true);

    // An original outside the loaded window: the room opens around it, highlighted.
    await post(grace.page, base, roomId, 'About that old question: use the cache flag', oldQuestion);
    const oldReply = messageWith(page, 'About that old question');
    await expect(page.locator(`[data-message-id="${oldQuestion}"]`)).toHaveCount(0);
    await oldReply.getByTestId('reply-quote').click();
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}\\?message=${oldQuestion}$`));
    await expect(page.locator(`[data-message-id="${oldQuestion}"]`)).toHaveAttribute('data-highlighted', 'true');

    // The original is deleted: the quote says so, live and after a reload, without its text.
    await openRoom(page, roomId);
    const deleted = await linus.page.request.delete(`/api/messages/${question}`, {
      data: {},
      headers: { Origin: new URL(base).origin },
    });
    expect(deleted.status()).toBe(204);
    await expect(messageWith(page, 'Run caddy reload').getByTestId('reply-quote')).toHaveText(
      'Original message was deleted',
    );
    await page.reload();
    await expect(messageWith(page, 'Run caddy reload').getByTestId('reply-quote')).toHaveText(
      'Original message was deleted',
    );
    await expect(page.getByText('How do I reload the config?')).toHaveCount(0);
  });

  test('a mention lights the "@" and the Mentions count, /mentions opens it, a hidden tab is notified, Mute quiets a room (in every tab)', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const { roomId, page } = await graceNotifiedIn(browser, base, 'keras-team/keras');

    // Opting in: "Enable notifications" asks for the browser's permission.
    await page.goto('/mentions');
    await expect(page.getByRole('heading', { name: 'Mentions', exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeVisible();
    await expect(page.getByText('No mentions yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await expect(page.getByTestId('notifications-on')).toBeVisible();

    // A mention: the room's "@" in the sidebar and the header's Mentions count light up.
    await page.goto('/');
    const entry = page.locator(`a[href="/chat/${roomId}"]`).first();
    await expect(entry).toBeVisible();
    const mentionsButton = page.getByTestId('mentions-button');
    await expect(mentionsButton).toBeVisible();
    await expect(page.getByTestId('mentions-count')).toHaveCount(0);
    const mention = await post(linus.page, base, roomId, `@${GRACE} could you review the tokenizer change?`);
    await expect(entry.getByTestId('mention-marker')).toBeVisible();
    await expect(page.getByTestId('mentions-count')).toHaveText('1');

    // /mentions lists it with room, author and excerpt, and opens the room at the message.
    await mentionsButton.click();
    await expect(page).toHaveURL(/\/mentions$/);
    const listed = page.getByTestId('mention');
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText('keras-team/keras');
    await expect(listed.first()).toContainText('could you review the tokenizer change?');
    await listed.first().click();
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}\\?message=${mention}$`));
    await expect(page.locator(`[data-message-id="${mention}"]`)).toHaveAttribute('data-highlighted', 'true');
    await expect(page.getByTestId('mentions-count')).toHaveCount(0);
    expect(await shownNotifications(page)).toEqual([]);

    // In the background, a reply to Grace raises a notification: room and author, the excerpt.
    const mine = await post(grace.page, base, roomId, 'Here is my benchmark');
    await page.goto('/mentions');
    await expect(page.getByTestId('mention')).toHaveCount(1);
    await hideTab(page);
    const linusMe = await me(linus.page);
    const replyId = await post(linus.page, base, roomId, 'Thanks, the numbers look great', mine);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: `keras-team/keras · ${linusMe.display_name || linusMe.username}`,
          body: 'Thanks, the numbers look great',
        },
      ]);
    // A click on it opens the message.
    await page.evaluate(() => (globalThis as unknown as PageGlobals).lastNotification?.onclick?.());
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}\\?message=${replyId}$`));

    // A message that mentions nobody does not notify in a room left at "Mentions only".
    await post(linus.page, base, roomId, 'Just a note for everyone');
    await post(linus.page, base, roomId, `@${GRACE} and one more mention`);
    await expect.poll(() => shownNotifications(page)).toHaveLength(2);
    const bodies = (await shownNotifications(page)).map((n) => n.body);
    expect(bodies).not.toContain('Just a note for everyone');

    // Mute: the room shows no unread emphasis any more, only its mentions.
    await openRoom(page, roomId);
    // Reading the room clears its mentions.
    await expect(page.getByTestId('mentions-count')).toHaveCount(0);
    // A second tab on the room follows the change made in the first.
    const secondTab = await grace.context.newPage();
    await openRoom(secondTab, roomId);
    await expect.poll(() => notificationLevel(secondTab)).toBe('Mentions only');
    await moreMenu(page, 'Mute');
    await expect.poll(() => notificationLevel(page)).toBe('Mute');
    await expect.poll(() => notificationLevel(secondTab)).toBe('Mute');
    await secondTab.close();
    await page.goto('/');
    await expect(entry).toBeVisible();
    await post(linus.page, base, roomId, 'A quiet message in a muted room');
    await post(linus.page, base, roomId, `@${GRACE} a mention still counts`);
    await expect(entry.getByTestId('mention-marker')).toBeVisible();
    await expect(entry.getByTestId('unread-count')).toHaveCount(0);
    await expect(page.getByTestId('mentions-count')).toHaveText('1');

    // Back to "Mentions only": the unread count is shown again.
    await openRoom(page, roomId);
    await expect(page.getByTestId('mentions-count')).toHaveCount(0);
    // The level is saved before the page is left (leaving it would cancel the request).
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/rooms/${roomId}/notifications`) && response.ok(),
    );
    await moreMenu(page, 'Mentions only');
    await saved;
    await page.goto('/');
    await post(linus.page, base, roomId, 'Heard again');
    await expect(entry.getByTestId('unread-count')).toHaveText('1');
  });

  test('a room open in a hidden tab and set to "All messages" notifies of each new message once, mention or not', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const { roomId, page } = await graceNotifiedIn(browser, base, 'fastapi/fastapi');
    await page.goto('/mentions');
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await expect(page.getByTestId('notifications-on')).toBeVisible();

    // The room stays open: its socket learns of new messages from the room's events.
    await openRoom(page, roomId);
    await expect.poll(() => notificationLevel(page)).toBe('Mentions only');
    await moreMenu(page, 'All messages');
    await expect.poll(() => notificationLevel(page)).toBe('All messages');
    await hideTab(page);
    const author = (await me(linus.page)).display_name || LINUS;
    await post(linus.page, base, roomId, 'Release notes are up');
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: `fastapi/fastapi · ${author}`, body: 'Release notes are up' }]);
    await expect(messageWith(page, 'Release notes are up')).toBeVisible();
    // A mention comes as the room's event and as activity: still one notification.
    await post(linus.page, base, roomId, `@${GRACE} could you check the changelog?`);
    await expect.poll(() => shownNotifications(page)).toHaveLength(2);
    await page.waitForTimeout(1500);
    expect((await shownNotifications(page)).map((shown) => shown.body)).toEqual([
      'Release notes are up',
      `@${GRACE} could you check the changelog?`,
    ]);
  });
});
