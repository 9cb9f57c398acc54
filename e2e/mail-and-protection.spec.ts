import { expect, test, type Page } from '@playwright/test';
import {
  joinRoomByApi,
  messageWith,
  moreMenu,
  openRoom,
  openUser,
  sendMessage,
  type ChatUser,
} from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * Protection from spam and e-mail for what people missed, on a demo site of its own (rooms are
 * joined, and joins are limited per account and hour). margaret-demo maintains sveltejs/svelte
 * in the emulator's demo grants, so she moderates its room; newcomer-demo's GitHub account was
 * created two days ago.
 */
const OFFSET = 17;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
const REPO = 'sveltejs/svelte';
let server: ExtraServer | undefined;

test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, { DEMO_CONTENT: 'false', MAIL_DELAY_SECONDS: '2' });
});
test.afterAll(async () => {
  await server?.stop();
});

let moderator: ChatUser;
let newcomer: ChatUser;
let roomId = '';

/** The moderator's "Protection" dialog: each choice, then Save. */
async function protect(
  page: Page,
  settings: { newAccounts?: string; firstMessages?: string; lock?: boolean },
): Promise<void> {
  await moreMenu(page, 'Protection');
  const dialog = page.getByRole('dialog', { name: 'Protection' });
  if (settings.newAccounts) {
    await dialog.getByLabel('New GitHub accounts can post after').selectOption({ label: settings.newAccounts });
  }
  if (settings.firstMessages) {
    await dialog.getByLabel('First messages need approval').selectOption({ label: settings.firstMessages });
  }
  if (settings.lock !== undefined) {
    const lock = dialog.getByRole('switch', { name: 'Lock room' });
    if ((await lock.getAttribute('aria-checked')) !== String(settings.lock)) await lock.click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a two-day-old account is refused under "New GitHub accounts can post after: 7 days"', async ({ browser }) => {
  test.setTimeout(120_000);
  moderator = await openUser(browser, 'margaret-demo', BASE_URL);
  newcomer = await openUser(browser, 'newcomer-demo', BASE_URL);
  roomId = await joinRoomByApi(moderator.page, BASE_URL, REPO);
  await joinRoomByApi(newcomer.page, BASE_URL, REPO);
  await openRoom(moderator.page, roomId);
  await openRoom(newcomer.page, roomId);

  await protect(moderator.page, { newAccounts: '7 days' });
  await sendMessage(newcomer.page, 'hello from a brand new account');
  const refused = messageWith(newcomer.page, 'hello from a brand new account');
  await expect(refused).toContainText('New GitHub accounts can post in this room 7 days after they are created');
  await expect(messageWith(moderator.page, 'hello from a brand new account')).toHaveCount(0);

  await protect(moderator.page, { newAccounts: 'Off' });
});

test('"First messages need approval": Review, Approve and Reject', async () => {
  test.setTimeout(120_000);
  const m = moderator.page;
  const n = newcomer.page;
  await protect(m, { firstMessages: 'First 3 messages' });

  await sendMessage(n, 'my very first message');
  const own = n.getByTestId('own-held-message').filter({ hasText: 'my very first message' });
  await expect(own).toContainText('Waiting for approval');
  await expect(messageWith(n, 'my very first message')).toHaveCount(0);
  await expect(messageWith(m, 'my very first message')).toHaveCount(0);

  const review = m.getByRole('button', { name: /^Review/ });
  await expect(review).toContainText('1', { timeout: 20_000 });
  await review.click();
  const dialog = m.getByRole('dialog', { name: 'Review' });
  await dialog
    .getByTestId('held-message')
    .filter({ hasText: 'my very first message' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(messageWith(m, 'my very first message')).toBeVisible();
  await expect(messageWith(n, 'my very first message')).toBeVisible();
  await expect(own).toHaveCount(0, { timeout: 15_000 });

  await sendMessage(n, 'buy my course now');
  const second = n.getByTestId('own-held-message').filter({ hasText: 'buy my course now' });
  await expect(second).toContainText('Waiting for approval');
  await expect(dialog.getByTestId('held-message').filter({ hasText: 'buy my course now' })).toBeVisible({
    timeout: 20_000,
  });
  await dialog
    .getByTestId('held-message')
    .filter({ hasText: 'buy my course now' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(dialog.getByText('Nothing to review.')).toBeVisible();
  await expect(second).toContainText('Not approved', { timeout: 15_000 });
  await expect(messageWith(m, 'buy my course now')).toHaveCount(0);
  await m.keyboard.press('Escape');

  // Both decisions are in the moderation log.
  await moreMenu(m, 'Moderation log');
  const log = m.getByRole('dialog', { name: 'Moderation log' });
  await expect(log.getByText('approved a held message by', { exact: false })).toBeVisible();
  await expect(log.getByText('rejected a held message by', { exact: false })).toBeVisible();
  await m.keyboard.press('Escape');
  await protect(m, { firstMessages: 'Off' });
});

test('"Lock room": only moderators post, members see "This room is locked"', async () => {
  test.setTimeout(60_000);
  await protect(moderator.page, { lock: true });
  await expect(newcomer.page.getByTestId('room-locked-banner')).toHaveText('This room is locked');
  await expect(newcomer.page.getByPlaceholder('Type your message...')).toBeDisabled();
  await sendMessage(moderator.page, 'the room is closed for the release');
  await expect(messageWith(newcomer.page, 'the room is closed for the release')).toBeVisible();

  await protect(moderator.page, { lock: false });
  await expect(newcomer.page.getByTestId('room-locked-banner')).toHaveCount(0);
  await sendMessage(newcomer.page, 'thanks, unlocked now');
  await expect(messageWith(moderator.page, 'thanks, unlocked now')).toBeVisible();
});

test('the demo outbox receives the e-mail of an unread mention, whose link unsubscribes', async () => {
  test.setTimeout(90_000);
  const m = moderator.page;
  // The moderator has no tab on the room any more.
  await m.goto('/profile');
  await expect(m.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
  await expect(m.getByRole('switch', { name: 'Mentions and replies' })).toHaveAttribute('aria-checked', 'true');
  await expect(m.getByTestId('mail-address')).toContainText('margaret-demo@example.com');
  // Any open tab of the site holds e-mail back (it shows the unread badges): she closes hers.
  await m.goto('about:blank');

  await sendMessage(newcomer.page, '@margaret-demo could you look at the release checklist?');
  const outbox = await newcomer.context.newPage();
  await expect
    .poll(
      async () => {
        await outbox.goto('/_emulator/mail');
        return outbox.getByTestId('outbox-mail').filter({ hasText: 'margaret-demo@example.com' }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const mail = outbox.getByTestId('outbox-mail').filter({ hasText: 'margaret-demo@example.com' });
  await expect(mail.getByRole('heading')).toHaveText(`A new message for you in ${REPO}`);
  await expect(mail).toContainText('could you look at the release checklist?');
  await expect(mail).toContainText('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

  // The link opens the message in its room.
  await m.goto((await mail.getByRole('link', { name: /\?message=/ }).getAttribute('href')) ?? '/');
  await expect(messageWith(m, 'could you look at the release checklist?')).toBeVisible();

  // The unsubscribe link works without signing in.
  const unsubscribe =
    (await mail
      .getByRole('link', { name: /\/mail\/unsubscribe/ })
      .first()
      .getAttribute('href')) ?? '';
  const visitor = await newcomer.context.browser()!.newContext({ baseURL: BASE_URL });
  const page = await visitor.newPage();
  await page.goto(unsubscribe);
  // Opening the link only asks (mail scanners open links too); the button unsubscribes.
  await expect(page.getByRole('heading', { name: 'Stop e-mail from RepoRooms?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You will get no more e-mail from RepoRooms' })).toBeVisible();
  await visitor.close();
  await m.goto('/profile');
  await expect(m.getByRole('switch', { name: 'Mentions and replies' })).toHaveAttribute('aria-checked', 'false');
});
