import { expect, test, type Page } from '@playwright/test';
import {
  joinRoomByApi,
  messageMenu,
  messageWith,
  openRoom,
  openUser,
  sendMessage,
  type ChatUser,
  openMore,
} from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * Reports, the moderation log and ignoring, with a maintainer and two members. margaret-demo has
 * admin access to excalidraw/excalidraw in the emulator's demo grants (docs/FEATURES.md "Demo accounts"), so she
 * moderates its room; ada-demo and grace-demo are members. Joining is limited per account, so the
 * spec runs its own server.
 */
const OFFSET = 9;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
const REPO = 'excalidraw/excalidraw';
let server: ExtraServer | undefined;

test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
});

test.afterAll(async () => {
  await server?.stop();
});

async function report(page: Page, text: string, reason: string, note = ''): Promise<void> {
  await messageMenu(page, text, 'Report');
  const dialog = page.getByRole('dialog', { name: 'Report message' });
  await dialog.getByLabel(reason, { exact: true }).check();
  if (note) await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Report sent', { exact: true }).last()).toBeVisible();
}

/** A note written as markup: the moderators' list must show it as text and run nothing. */
const NOTE_PAYLOAD = '<img src=x onerror="window.__injected=1">';

let maintainer: ChatUser | undefined;
let ada: ChatUser | undefined;
let grace: ChatUser | undefined;

test.afterAll(async () => {
  for (const user of [maintainer, ada, grace]) await user?.context.close();
});

test('members report messages to the maintainer, who dismisses and removes them; the log records it; members ignore each other', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  maintainer = await openUser(browser, 'margaret-demo', BASE_URL);
  ada = await openUser(browser, 'ada-demo', BASE_URL);
  grace = await openUser(browser, 'grace-demo', BASE_URL);
  const m = maintainer.page;
  const a = ada.page;
  const g = grace.page;
  const roomId = await joinRoomByApi(m, BASE_URL, REPO);
  await joinRoomByApi(a, BASE_URL, REPO);
  await joinRoomByApi(g, BASE_URL, REPO);
  for (const page of [m, a, g]) await openRoom(page, roomId);

  await sendMessage(g, 'Cheap followers for sale at example.test');
  await sendMessage(g, 'Unrelated: anyone watching the match tonight?');
  await expect(messageWith(a, 'anyone watching the match')).toBeVisible();
  await expect(m.getByTestId('reports-count')).toHaveText('0');

  await test.step("a member's reports reach the maintainer's Reports list, live, with the count", async () => {
    // Only moderators have Reports and the Moderation log in "More".
    for (const page of [a, g]) {
      await openMore(page);
      await expect(page.getByRole('menuitem', { name: 'Copy invite' })).toBeVisible();
      await expect(page.getByTestId('reports-button')).toHaveCount(0);
      await expect(page.getByTestId('moderation-log-button')).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await report(a, 'Cheap followers for sale', 'Spam', 'Same link in every room');
    await expect(m.getByTestId('reports-count')).toHaveText('1');
    await report(a, 'anyone watching the match', 'Off-topic', NOTE_PAYLOAD);
    await expect(m.getByTestId('reports-count')).toHaveText('2');

    // A second report of the same message is refused, and one's own message has no Report.
    const spamId = await messageWith(a, 'Cheap followers for sale').getAttribute('data-message-id');
    const again = await a.request.post(`/api/messages/${spamId}/reports`, {
      data: { reason: 'abuse' },
      headers: { origin: BASE_URL },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain('You have already reported this message');
    await messageWith(g, 'Cheap followers for sale').hover();
    await messageWith(g, 'Cheap followers for sale').getByRole('button', { name: 'Message actions' }).click();
    await expect(g.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
    await expect(g.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
    await g.keyboard.press('Escape');

    await m.reload();
    await expect(m.getByTestId('reports-count')).toHaveText('2');
    await openMore(m);
    await m.getByTestId('reports-button').click();
    const reports = m.getByRole('dialog', { name: 'Reports' });
    await expect(reports.getByTestId('reported-message')).toHaveCount(2);
    const spam = reports.getByTestId('reported-message').filter({ hasText: 'Cheap followers for sale' });
    await expect(spam.getByTestId('report-summary')).toHaveText('1 report: Spam');
    await expect(spam).toContainText('Same link in every room');
    const offTopic = reports.getByTestId('reported-message').filter({ hasText: 'anyone watching the match' });
    await expect(offTopic.getByTestId('report-summary')).toHaveText('1 report: Off-topic');
    await expect(offTopic).toContainText(NOTE_PAYLOAD);
    await expect(offTopic.locator('img[src="x"]')).toHaveCount(0);
    expect(await m.evaluate(() => (globalThis as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });

  await test.step('the maintainer dismisses one report and removes the other message', async () => {
    const reports = m.getByRole('dialog', { name: 'Reports' });
    await reports
      .getByTestId('reported-message')
      .filter({ hasText: 'anyone watching the match' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await expect(reports.getByTestId('reported-message')).toHaveCount(1);
    await expect(m.getByTestId('reports-count')).toHaveText('1');
    await reports.getByRole('button', { name: 'Remove message' }).click();
    await expect(reports.getByText('No open reports.')).toBeVisible();
    await expect(m.getByTestId('reports-count')).toHaveText('0');
    await m.keyboard.press('Escape');
    for (const page of [m, a, g]) {
      await expect(messageWith(page, 'Message removed by a moderator')).toBeVisible();
      await expect(page.getByText('Cheap followers for sale')).toHaveCount(0);
      // A dismissed report leaves the message as it was.
      await expect(messageWith(page, 'anyone watching the match')).toBeVisible();
    }
  });

  await test.step('the moderation log lists those actions; a member is refused (403) and shown nothing', async () => {
    await openMore(m);
    await m.getByTestId('moderation-log-button').click();
    const log = m.getByRole('dialog', { name: 'Moderation log' });
    const entries = log.getByTestId('moderation-log-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Margaret Demo removed a message by Grace Demo');
    await expect(entries.nth(1)).toContainText('Margaret Demo dismissed the reports of a message by Grace Demo');
    await m.keyboard.press('Escape');

    const refused = await a.request.get(`/api/rooms/${roomId}/moderation-log`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain('removed');
    await openMore(a);
    await expect(a.getByTestId('moderation-log-button')).toHaveCount(0);
    await a.keyboard.press('Escape');
    await expect(a.getByRole('dialog', { name: 'Moderation log' })).toHaveCount(0);
  });

  await test.step('a member ignores another: collapsed as "Ignored message" with "Show", listed in the profile settings, and Unignore restores them', async () => {
    await sendMessage(g, 'Grace has another thought');
    await expect(messageWith(a, 'Grace has another thought')).toBeVisible();
    await messageMenu(a, 'Grace has another thought', 'Ignore Grace Demo');

    const collapsed = a.locator('[data-testid="message"][data-ignored="true"]');
    await expect(collapsed).toHaveCount(2);
    await expect(a.getByText('Grace has another thought')).toHaveCount(0);
    await expect(a.getByText('anyone watching the match')).toHaveCount(0);
    await expect(collapsed.first()).toContainText('Ignored message');
    // Her new messages arrive collapsed too, and stay so after a reload.
    await sendMessage(g, 'Grace writes once more');
    await expect(collapsed).toHaveCount(3);
    await a.reload();
    await expect(collapsed).toHaveCount(3);
    await expect(a.getByText('Grace writes once more')).toHaveCount(0);
    // Show opens one message for this reader.
    await collapsed.last().getByRole('button', { name: 'Show' }).click();
    await expect(messageWith(a, 'Grace writes once more')).toBeVisible();
    await expect(collapsed).toHaveCount(2);
    // Her menu in the member list offers Stop ignoring; nobody else sees any of it.
    await a
      .getByRole('complementary', { name: 'Members' })
      .getByRole('button', { name: 'Actions for Grace Demo' })
      .click();
    await expect(a.getByRole('menuitem', { name: 'Stop ignoring' })).toBeVisible();
    await a.keyboard.press('Escape');
    await expect(g.locator('[data-ignored="true"]')).toHaveCount(0);
    await expect(messageWith(g, 'Grace writes once more')).toBeVisible();
    await expect(m.locator('[data-ignored="true"]')).toHaveCount(0);

    await a.goto('/profile');
    const ignoredList = a.getByRole('list', { name: 'Ignored users' });
    await expect(ignoredList.getByTestId('ignored-user')).toHaveCount(1);
    await expect(ignoredList.getByTestId('ignored-user')).toContainText('Grace Demo');
    await ignoredList.getByRole('button', { name: 'Unignore' }).click();
    await expect(a.getByText('You are not ignoring anyone.')).toBeVisible();

    await openRoom(a, roomId);
    await expect(messageWith(a, 'Grace has another thought')).toBeVisible();
    await expect(messageWith(a, 'Grace writes once more')).toBeVisible();
    await expect(a.locator('[data-ignored="true"]')).toHaveCount(0);
  });
});
