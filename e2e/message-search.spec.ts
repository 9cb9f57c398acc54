import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { MessageResponse } from '../shared/api/rooms';
import { joinRoomByApi, openUser, type ChatUser } from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/** Searching messages: one room from its header, every room of mine at /search, from:login, deleted ones never. */

// Two members join two rooms. Joining is limited to 5 new rooms an hour per account (docs/PRODUCT.md §5) and the
// suite's shared server has spent most of the demo accounts' joins: this spec runs its own server.
const OFFSET = 4;
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

async function post(page: Page, baseURL: string, roomId: string, content: string): Promise<string> {
  const response = await page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as MessageResponse).message.id;
}

test.describe('message search', () => {
  let grace: ChatUser;
  let linus: ChatUser;
  test.afterAll(async () => {
    await grace?.context.close();
    await linus?.context.close();
  });

  test('finds messages in a room and across my rooms, opens one at its place, and forgets deleted ones', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const origin = new URL(base).origin;
    grace = await openUser(browser, GRACE, base);
    linus = await openUser(browser, LINUS, base);
    const shared = await joinRoomByApi(grace.page, base, 'caddyserver/caddy');
    await joinRoomByApi(linus.page, base, 'caddyserver/caddy');
    const elsewhere = await joinRoomByApi(linus.page, base, 'keras-team/keras');
    const question = await post(linus.page, base, shared, 'The wombat reload of the Caddyfile is flaky on my laptop');
    const answer = await post(grace.page, base, shared, 'Try the --watch flag; wombat reloads are debounced');
    await post(linus.page, base, elsewhere, 'wombat words in a room Grace is not in');
    for (let i = 0; i < 3; i += 1) await post(linus.page, base, shared, `filler message ${i}`);

    // In the room: the header's search looks through this room only.
    const page = grace.page;
    await page.goto(`/chat/${shared}`);
    await page.getByRole('button', { name: 'Search messages' }).click();
    const panel = page.getByRole('dialog', { name: 'Search messages' });
    const box = panel.getByRole('searchbox', { name: 'Search messages' });
    await box.fill('WOMBAT');
    await box.press('Enter');
    const results = panel.getByTestId('search-result');
    await expect(results).toHaveCount(2);
    // Newest first, each with its author and the match marked.
    await expect(results.nth(0)).toContainText('Try the --watch flag');
    await expect(results.nth(0)).toContainText('@grace-demo');
    await expect(results.nth(1)).toContainText('@linus-demo');
    await expect(results.nth(1).locator('mark')).toHaveText(['wombat']);

    await box.fill(`wombat from:${LINUS}`);
    await box.press('Enter');
    await expect(results).toHaveCount(1);
    await box.fill('nothing-like-this-anywhere');
    await box.press('Enter');
    await expect(panel.getByText('No messages found')).toBeVisible();

    // Opening a result shows the message in the room, highlighted.
    await box.fill('flaky');
    await box.press('Enter');
    await expect(results).toHaveCount(1);
    await results.first().click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/chat/${shared}\\?message=${question}$`));
    await expect(page.locator(`[data-message-id="${question}"]`)).toHaveAttribute('data-highlighted', 'true');

    // Every room of mine: /search?q= (the address keeps the search), with each result's room.
    await page.goto('/search?q=wombat');
    await expect(page.getByRole('heading', { name: 'Search messages' })).toBeVisible();
    const everywhere = page.getByTestId('search-result');
    await expect(everywhere).toHaveCount(2);
    await expect(everywhere.first()).toContainText('caddyserver/caddy');
    await expect(page.getByText('wombat words in a room Grace is not in')).toHaveCount(0);

    // A deleted message is never found again.
    const removed = await linus.page.request.delete(`/api/messages/${question}`, {
      data: {},
      headers: { Origin: origin },
    });
    expect(removed.status()).toBe(204);
    await page.reload();
    await expect(everywhere).toHaveCount(1);
    await expect(everywhere.first()).toHaveAttribute('href', `/chat/${shared}?message=${answer}`);

    // Back and forward walk through searches.
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill('filler');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=filler$/);
    await expect(everywhere).toHaveCount(3);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=wombat$/);
    await expect(everywhere).toHaveCount(1);
  });
});
