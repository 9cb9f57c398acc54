import { expect, test, type Page } from '@playwright/test';
import type { StartedEmulator } from '../emulator/start';
import {
  joinRoomByApi,
  messageMenu,
  messageWith,
  openRoom,
  openUser,
  sendMessage,
  type ChatUser,
  moreMenu,
} from './support/chat-helpers';
import { startExtraServerWithEmulator, type ExtraServer } from './support/extra-server';
import { signInAs } from './support/sign-in';

/**
 * Moderation with a maintainer and two members. Roles come from GitHub, so this spec runs a
 * server against a standalone emulator whose control API grants and revokes repository access
 * (the suite's server uses the embedded emulator, whose test switches are off).
 * margaret-demo has admin access to excalidraw/excalidraw in the emulator's demo grants.
 */
const OFFSET = 3;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
const REPO = 'excalidraw/excalidraw';
let emulator: StartedEmulator | undefined;
let server: (ExtraServer & { emulator: StartedEmulator }) | undefined;

test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServerWithEmulator(OFFSET);
  emulator = server.emulator;
});

test.afterAll(async () => {
  await server?.stop();
});

async function revokeAccess(login: string, repo: string): Promise<void> {
  const response = await fetch(`${emulator?.url}/__control/repo-access`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, repo }),
  });
  expect(response.ok).toBe(true);
}

/** A state-changing API call from the page's session (same-origin, as the app sends it). */
async function apiCall(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data: unknown = {},
): Promise<number> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: BASE_URL, 'content-type': 'application/json' },
  });
  return response.status();
}

function memberRow(page: Page, name: string) {
  return page.getByRole('complementary', { name: 'Members' }).getByTestId('member').filter({ hasText: name });
}

let maintainer: ChatUser;
let ada: ChatUser;
let grace: ChatUser;

test('a maintainer moderates; members see it live and after a reload; members who do not moderate are refused', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  maintainer = await openUser(browser, 'margaret-demo', BASE_URL);
  ada = await openUser(browser, 'ada-demo', BASE_URL);
  grace = await openUser(browser, 'grace-demo', BASE_URL);
  const m = maintainer.page;
  const a = ada.page;
  const g = grace.page;
  try {
    const roomId = await joinRoomByApi(m, BASE_URL, REPO);
    await joinRoomByApi(a, BASE_URL, REPO);
    await joinRoomByApi(g, BASE_URL, REPO);
    for (const page of [m, a, g]) await openRoom(page, roomId);

    await test.step('the maintainer carries the Maintainer badge in the member list and on messages', async () => {
      await sendMessage(m, 'Welcome, please keep it on topic');
      for (const page of [a, g]) {
        await expect(memberRow(page, 'Margaret Demo').getByTestId('maintainer-badge')).toHaveText('Maintainer');
        await expect(memberRow(page, 'Ada Demo').getByTestId('maintainer-badge')).toHaveCount(0);
        await expect(
          messageWith(page, 'Welcome, please keep it on topic').getByTestId('maintainer-badge'),
        ).toBeVisible();
      }
    });

    await sendMessage(g, 'Buy cheap followers at example.test');
    await sendMessage(a, 'Hello from Ada');
    await expect(messageWith(m, 'Hello from Ada')).toBeVisible();
    const spamId = await messageWith(m, 'Buy cheap followers').getAttribute('data-message-id');

    await test.step('a member who does not moderate is refused (403) and nothing changes', async () => {
      await messageWith(a, 'Buy cheap followers').hover();
      await messageWith(a, 'Buy cheap followers').getByRole('button', { name: 'Message actions' }).click();
      // The menu is open (its code may load on this first use) and offers no Remove message.
      await expect(a.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
      await expect(a.getByRole('menuitem', { name: 'Remove message' })).toHaveCount(0);
      await a.keyboard.press('Escape');
      expect(await apiCall(a, 'POST', `/api/messages/${spamId}/remove`)).toBe(403);
      const graceId = await memberRow(a, 'Grace Demo').getAttribute('data-user-id');
      const target = graceId ?? '00000000-0000-4000-8000-000000000000';
      expect(await apiCall(a, 'POST', `/api/rooms/${roomId}/mutes`, { user_id: target, duration: '24h' })).toBe(403);
      expect(await apiCall(a, 'POST', `/api/rooms/${roomId}/bans`, { user_id: target })).toBe(403);
      expect(await apiCall(a, 'PUT', `/api/rooms/${roomId}/slow-mode`, { seconds: 30 })).toBe(403);
      await a.reload();
      await expect(messageWith(a, 'Buy cheap followers')).toBeVisible();
      // Nothing changed: no slow mode.
      await expect(a.getByTestId('slow-mode-badge')).toHaveCount(0);
      await expect(g.getByTestId('composer-blocked')).toHaveCount(0);
    });

    await test.step('Remove message: everyone sees "Message removed by a moderator", live and after a reload', async () => {
      await messageMenu(m, 'Buy cheap followers', 'Remove message');
      await m.getByRole('dialog', { name: 'Remove message?' }).getByRole('button', { name: 'Remove message' }).click();
      for (const page of [m, a, g]) {
        await expect(page.getByText('Message removed by a moderator')).toBeVisible();
        await expect(page.getByText('Buy cheap followers')).toHaveCount(0);
      }
      for (const page of [a, g]) {
        await page.reload();
        await expect(page.getByText('Message removed by a moderator')).toBeVisible();
        await expect(page.getByText('Buy cheap followers')).toHaveCount(0);
      }
    });

    await test.step('Pin: the Pinned button counts it for everyone, live and after a reload, and opens the room at it', async () => {
      const welcomeId = await messageWith(m, 'Welcome, please keep it on topic').getAttribute('data-message-id');
      expect(await apiCall(a, 'POST', `/api/messages/${welcomeId}/pin`)).toBe(403);
      await messageMenu(m, 'Welcome, please keep it on topic', 'Pin');
      for (const page of [m, a, g]) await expect(page.getByTestId('pinned-count')).toHaveText('1');
      await a.reload();
      await expect(a.getByTestId('pinned-count')).toHaveText('1');
      await expect(messageWith(a, 'Welcome, please keep it on topic').getByTestId('message-pinned')).toBeVisible();
      await a.getByTestId('pinned-button').click();
      await a.getByRole('dialog', { name: 'Pinned messages' }).getByTestId('pinned-message').click();
      await expect(a).toHaveURL(new RegExp(`/chat/${roomId}\\?message=${welcomeId}$`));
      await expect(messageWith(a, 'Welcome, please keep it on topic')).toBeVisible();
      await messageWith(a, 'Welcome, please keep it on topic').hover();
      await messageWith(a, 'Welcome, please keep it on topic').getByRole('button', { name: 'Message actions' }).click();
      // The menu is open (its code may load on this first use) and offers no Unpin.
      await expect(a.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
      await expect(a.getByRole('menuitem', { name: 'Unpin' })).toHaveCount(0);
      await a.keyboard.press('Escape');
    });

    await test.step('Mute: the member cannot post until then; a bystander sees it in the member list', async () => {
      await memberRow(m, 'Grace Demo').getByRole('button', { name: 'Actions for Grace Demo' }).click();
      await m.getByRole('menuitem', { name: 'Mute' }).click();
      await m.getByRole('dialog').getByRole('button', { name: '10 minutes' }).click();
      await expect(g.getByTestId('composer-blocked')).toHaveText(/^You are muted in this room until /);
      await expect(g.getByPlaceholder('Type your message...')).toBeDisabled();
      await expect(memberRow(a, 'Grace Demo').getByTestId('member-muted')).toHaveText('Muted');
      for (const page of [g, a]) await page.reload();
      await expect(g.getByTestId('composer-blocked')).toHaveText(/^You are muted in this room until /);
      await expect(memberRow(a, 'Grace Demo').getByTestId('member-muted')).toHaveText('Muted');
      expect(
        await apiCall(g, 'POST', `/api/rooms/${roomId}/messages`, { client_id: crypto.randomUUID(), content: 'x' }),
      ).toBe(403);
      // Lifted early from the member list.
      await memberRow(m, 'Grace Demo').getByRole('button', { name: 'Actions for Grace Demo' }).click();
      await m.getByRole('menuitem', { name: 'Unmute' }).click();
      await expect(g.getByTestId('composer-blocked')).toHaveCount(0);
      await expect(memberRow(a, 'Grace Demo').getByTestId('member-muted')).toHaveCount(0);
    });

    await test.step('Slow mode: the member waits between messages and sees the wait; moderators are exempt', async () => {
      expect(await apiCall(a, 'PUT', `/api/rooms/${roomId}/slow-mode`, { seconds: 10 })).toBe(403);
      await moreMenu(m, '10 s');
      await expect(m.getByTestId('slow-mode-badge')).toHaveText('Slow mode: 10 s');
      await expect(g.getByTestId('slow-mode-badge')).toHaveText('Slow mode: 10 s');
      await a.reload();
      await expect(a.getByTestId('slow-mode-badge')).toHaveText('Slow mode: 10 s');

      await sendMessage(g, 'One message under slow mode');
      await expect(g.getByTestId('composer-blocked')).toHaveText(/^Slow mode is on: you can send again in \d+ s$/);
      await expect(g.getByPlaceholder('Type your message...')).toBeDisabled();
      expect(
        await apiCall(g, 'POST', `/api/rooms/${roomId}/messages`, { client_id: crypto.randomUUID(), content: 'again' }),
      ).toBe(429);
      // The maintainer is exempt.
      await sendMessage(m, 'Maintainer note one');
      await sendMessage(m, 'Maintainer note two');
      await expect(messageWith(a, 'Maintainer note two')).toBeVisible();
      await expect(g.getByTestId('composer-blocked')).toHaveCount(0, { timeout: 15_000 });

      await moreMenu(m, 'Off');
      await expect(g.getByTestId('slow-mode-badge')).toHaveCount(0);
    });

    await test.step('Topic: the maintainer sets one line under the header; members see it live and after a reload', async () => {
      await expect(a.getByRole('button', { name: 'Set topic' })).toHaveCount(0);
      expect(await apiCall(a, 'PUT', `/api/rooms/${roomId}/topic`, { topic: 'taken over' })).toBe(403);
      await m.getByRole('button', { name: 'Set topic' }).click();
      await m
        .getByRole('dialog', { name: 'Room topic' })
        .getByLabel('Topic')
        .fill('Release 0.18 is out: questions here');
      await m.getByRole('button', { name: 'Save topic' }).click();
      for (const page of [m, a, g]) {
        await expect(page.getByTestId('room-topic')).toHaveText('Release 0.18 is out: questions here');
      }
      await g.reload();
      await expect(g.getByTestId('room-topic')).toHaveText('Release 0.18 is out: questions here');
    });

    await test.step('Ban: the member is removed and cannot rejoin; a bystander sees them go; Unban from the Banned list', async () => {
      await messageMenu(m, 'Hello from Ada', 'Ban from room');
      await m.getByRole('dialog').getByRole('button', { name: 'Ban from room' }).click();
      await expect(a).toHaveURL(`${BASE_URL}/`);
      await expect(a.locator('[data-sonner-toast]').filter({ hasText: 'You are banned from this room' })).toBeVisible();
      await expect(memberRow(g, 'Ada Demo')).toHaveCount(0);
      await g.reload();
      await expect(memberRow(g, 'Grace Demo')).toBeVisible();
      await expect(memberRow(g, 'Ada Demo')).toHaveCount(0);

      await a.goto(`/chat/${roomId}`);
      await expect(a).toHaveURL(`${BASE_URL}/`);
      await expect(a.locator('[data-sonner-toast]').filter({ hasText: 'You are banned from this room' })).toBeVisible();

      await m.getByRole('complementary', { name: 'Members' }).getByRole('button', { name: 'Banned' }).click();
      const banned = m.getByRole('dialog', { name: 'Banned' });
      await expect(banned.getByTestId('banned-person').filter({ hasText: 'Ada Demo' })).toBeVisible();
      await banned.getByRole('button', { name: 'Unban' }).click();
      await expect(banned.getByText('Nobody is banned from this room.')).toBeVisible();
      await m.keyboard.press('Escape');
      await openRoom(a, roomId);
      await expect(memberRow(g, 'Ada Demo')).toBeVisible();
    });

    await test.step('a maintainer who loses GitHub access loses the role at the next sign-in', async () => {
      await revokeAccess('margaret-demo', REPO);
      await signInAs(m, 'margaret-demo');
      await expect(memberRow(g, 'Margaret Demo').getByTestId('maintainer-badge')).toHaveCount(0);
      await openRoom(m, roomId);
      await expect(memberRow(m, 'Margaret Demo').getByTestId('maintainer-badge')).toHaveCount(0);
      await expect(
        m.getByRole('complementary', { name: 'Members' }).getByRole('button', { name: 'Banned' }),
      ).toHaveCount(0);
      const adaMessage = await messageWith(m, 'Hello from Ada').getAttribute('data-message-id');
      expect(await apiCall(m, 'POST', `/api/messages/${adaMessage}/remove`)).toBe(403);
      await a.reload();
      await expect(messageWith(a, 'Hello from Ada')).toBeVisible();
    });
  } finally {
    for (const user of [maintainer, ada, grace]) await user?.context.close();
  }
});
