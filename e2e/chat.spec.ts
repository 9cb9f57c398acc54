import { expect, test } from '@playwright/test';
import {
  SocketProxy,
  joinRoomByApi,
  messageWith,
  openRoom,
  openUser,
  readClipboard,
  sendMessage,
  type ChatUser,
  moreMenu,
} from './support/chat-helpers';
import { signInAs } from './support/sign-in';

/**
 * Chat room end to end with two signed-in users in two browser contexts. Each test uses its own
 * repository room, so tests do not share state. Per-user sends stay under the 10-per-minute limit.
 */

const ADA = 'ada-demo';
const GRACE = 'grace-demo';

let ada: ChatUser;
let grace: ChatUser;

test.describe('two members in one room', () => {
  test.beforeEach(async ({ browser, baseURL }) => {
    ada = await openUser(browser, ADA, baseURL ?? '');
    grace = await openUser(browser, GRACE, baseURL ?? '');
  });

  test.afterEach(async () => {
    await ada.context.close();
    await grace.context.close();
  });

  test('two members chat live: join by link, typing, messages, reactions, edit, delete, rich text, validation', async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const a = ada.page;
    const g = grace.page;
    const roomId = await joinRoomByApi(a, baseURL ?? '', 'linus-demo/tiny-vcs');
    await openRoom(a, roomId);

    await test.step('empty room and header', async () => {
      await expect(a.getByText('Welcome to the discussion')).toBeVisible();
      await expect(
        a.getByText('This is the beginning of your conversation about linus-demo/tiny-vcs. Start by saying hello!'),
      ).toBeVisible();
      await expect(a.getByRole('heading', { level: 1 })).toHaveText('linus-demo/tiny-vcs');
      await expect(a.getByTestId('room-counts')).toHaveText('1 online · 1 member');
    });

    await test.step('opening the room link joins it; the other member sees the join and presence live', async () => {
      await openRoom(g, roomId);
      const members = a.getByRole('complementary', { name: 'Members' });
      await expect(members.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
      await expect(members.getByTestId('member').filter({ hasText: 'Grace Demo' })).toBeVisible();
      await expect(members.getByLabel('New member')).toHaveCount(1);
      await expect(a.getByTestId('room-counts')).toHaveText('2 online · 2 members');
    });

    await test.step('typing is shown to the other member, then the message arrives live', async () => {
      await g.getByPlaceholder('Type your message...').pressSequentially('Hi Ada');
      await expect(a.getByTestId('typing-indicator')).toHaveText('Grace Demo (@grace-demo) typing…');
      await g.getByPlaceholder('Type your message...').press('Enter');
      await expect(messageWith(a, 'Hi Ada')).toHaveCount(1);
      await expect(messageWith(a, 'Hi Ada').getByTestId('message-author')).toHaveText('Grace Demo');
      await expect(messageWith(g, 'Hi Ada').getByTestId('message-author')).toHaveText('You');
      await expect(a.getByTestId('typing-indicator')).toHaveText('');
    });

    await test.step('a reaction is toggled and seen by the other member', async () => {
      await sendMessage(a, 'Hello from Ada');
      const onGrace = messageWith(g, 'Hello from Ada');
      await expect(onGrace).toHaveCount(1);
      await onGrace.hover();
      await onGrace.getByRole('button', { name: 'Add reaction' }).click();
      await g.getByRole('button', { name: 'React with party' }).click();
      const chipOnAda = messageWith(a, 'Hello from Ada').getByRole('button', { name: /🎉 1/ });
      await expect(chipOnAda).toBeVisible();
      await expect(chipOnAda).toHaveAttribute('aria-pressed', 'false');
      await expect(onGrace.getByRole('button', { name: /🎉 1/ })).toHaveAttribute('aria-pressed', 'true');
      await onGrace.getByRole('button', { name: /🎉 1/ }).click();
      await expect(messageWith(a, 'Hello from Ada').getByRole('button', { name: /🎉/ })).toHaveCount(0);
    });

    await test.step('mentions, code blocks and links render as elements', async () => {
      await sendMessage(a, '@grace-demo see https://example.com/docs, ask @nobody-here, run ```npm test```');
      const message = messageWith(g, 'see https://example.com/docs');
      const link = message.getByRole('link', { name: 'https://example.com/docs' });
      await expect(link).toHaveAttribute('href', 'https://example.com/docs');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      await expect(message.locator('pre code')).toHaveText('npm test');
      await expect(message.locator('[data-mention="known"]')).toHaveText('@grace-demo');
      await expect(message.locator('[data-mention="unknown"]')).toHaveText('@nobody-here');
    });

    await test.step('an edit and a delete are seen live', async () => {
      await sendMessage(a, 'Typo mesage');
      await expect(messageWith(g, 'Typo mesage')).toHaveCount(1);
      const mine = messageWith(a, 'Typo mesage');
      await mine.hover();
      await mine.getByRole('button', { name: 'Message actions' }).click();
      await a.getByRole('menuitem', { name: 'Edit' }).click();
      await a.getByRole('textbox', { name: 'Edit message' }).fill('Fixed message');
      await a.getByRole('button', { name: 'Save' }).click();
      await expect(messageWith(g, 'Fixed message')).toContainText('(edited)');
      await expect(messageWith(g, 'Typo mesage')).toHaveCount(0);

      const fixed = messageWith(a, 'Fixed message');
      await fixed.hover();
      await fixed.getByRole('button', { name: 'Message actions' }).click();
      await a.getByRole('menuitem', { name: 'Delete' }).click();
      // Delete asks first; the deleted message leaves a tombstone for everyone, also after a reload.
      await a.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(messageWith(a, 'Fixed message')).toHaveCount(0);
      await expect(messageWith(g, 'Fixed message')).toHaveCount(0);
      await expect(messageWith(g, 'This message was deleted')).toHaveCount(1);
      await expect(messageWith(a, 'This message was deleted')).toHaveCount(1);
      await expect(messageWith(g, 'Hello from Ada')).toHaveCount(1);
    });

    await test.step('others cannot edit or delete; they can reply to or copy a message, turn it into an issue, report it or ignore its author', async () => {
      const theirs = messageWith(g, 'Hello from Ada');
      await theirs.hover();
      await theirs.getByRole('button', { name: 'Message actions' }).click();
      await expect(g.getByRole('menuitem')).toHaveText([
        'Reply',
        'Reply in thread',
        'Copy text',
        'Copy link',
        'Create issue',
        'Report',
        'Ignore Ada Demo',
      ]);
      await g.getByRole('menuitem', { name: 'Copy text' }).click();
      await expect(g.getByText('Message copied to clipboard')).toBeVisible();
      expect(await readClipboard(g)).toBe('Hello from Ada');
    });

    await test.step('the composer enforces the message rules', async () => {
      const box = a.getByPlaceholder('Type your message...');
      const send = a.getByRole('button', { name: 'Send message' });
      await expect(send).toBeDisabled();
      await box.fill('   ');
      await expect(send).toBeDisabled();
      await box.fill(`${'ab'.repeat(500)}c`);
      await box.press('Enter');
      await expect(a.getByTestId('composer-error')).toHaveText('Message too long (max 1000 characters)');
      await box.fill('Sooooooooooo good');
      await send.click();
      await expect(a.getByTestId('composer-error')).toHaveText('Message contains too many repeated characters');
      await expect(messageWith(g, 'Sooooooooooo')).toHaveCount(0);
    });
  });

  test('a member who misses events catches up: a dropped event is replayed, an offline spell and a closed tab lose nothing', async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const proxy = await SocketProxy.attach(ada.page);
    const roomId = await joinRoomByApi(ada.page, baseURL ?? '', 'linus-demo/patch-queue');
    await joinRoomByApi(grace.page, baseURL ?? '', 'linus-demo/patch-queue');
    await openRoom(ada.page, roomId);
    await openRoom(grace.page, roomId);
    /** Every message as '{author}: {text}', in list order. */
    const contents = (page: typeof ada.page) =>
      page
        .getByTestId('message')
        .evaluateAll((items) =>
          items.map(
            (item) =>
              `${item.getAttribute('data-author')}: ${item.querySelector('[data-testid="message-content"]')?.textContent}`,
          ),
        );

    await test.step('a lost event is noticed at the next one and replayed', async () => {
      proxy.dropFirst(
        (frame) =>
          frame.type === 'room.event' &&
          frame.event.type === 'message.created' &&
          frame.event.message.content === 'gap one',
      );
      await sendMessage(grace.page, 'gap one');
      await expect(messageWith(grace.page, 'gap one')).toHaveCount(1);
      expect(proxy.droppedFrames).toHaveLength(1);
      await sendMessage(grace.page, 'gap two');
      await expect(messageWith(ada.page, 'gap two')).toHaveCount(1, { timeout: 20_000 });
      await expect(messageWith(ada.page, 'gap one')).toHaveCount(1);
      // The gap was noticed (a replay request) and filled from the log.
      expect(proxy.commandsOf('room.replay').length).toBeGreaterThan(0);
      expect(await contents(ada.page)).toEqual(['Grace Demo: gap one', 'Grace Demo: gap two']);
    });

    await test.step('offline for a while, then back: resubscribes after its last event', async () => {
      const lastSeen = proxy.lastDeliveredSeq;
      await proxy.goOffline();
      await expect(ada.page.getByText('Reconnecting…')).toBeVisible();
      await sendMessage(grace.page, 'offline one');
      await sendMessage(grace.page, 'offline two');
      await expect(messageWith(grace.page, 'offline two')).toHaveCount(1);
      proxy.goOnline();
      await expect(messageWith(ada.page, 'offline two')).toHaveCount(1, { timeout: 40_000 });
      const resubscribe = proxy.commandsOf('room.subscribe').at(-1);
      expect(resubscribe?.after_seq).toBe(lastSeen);
      expect(await contents(ada.page)).toEqual([
        'Grace Demo: gap one',
        'Grace Demo: gap two',
        'Grace Demo: offline one',
        'Grace Demo: offline two',
      ]);
    });

    await test.step('a closed tab reopened later shows every message once, in order', async () => {
      await ada.page.close();
      await sendMessage(grace.page, 'closed one');
      await sendMessage(grace.page, 'closed two');
      await expect(messageWith(grace.page, 'closed two')).toHaveCount(1);
      const page = await ada.context.newPage();
      await openRoom(page, roomId);
      await expect(messageWith(page, 'closed two')).toHaveCount(1);
      expect(await contents(page)).toEqual([
        'Grace Demo: gap one',
        'Grace Demo: gap two',
        'Grace Demo: offline one',
        'Grace Demo: offline two',
        'Grace Demo: closed one',
        'Grace Demo: closed two',
      ]);
      await expect(messageWith(page, 'gap one').getByTestId('message-author')).toHaveText('Grace Demo');
    });
  });

  test('copy invite, join through the link, details panel and leave', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const a = ada.page;
    const g = grace.page;
    const roomId = await joinRoomByApi(a, baseURL ?? '', 'linus-demo/dive-log');
    await openRoom(a, roomId);

    await moreMenu(a, 'Copy invite');
    await expect(a.getByText('Invite link copied')).toBeVisible();
    await expect(a.getByText('Share this link to invite others to the room.')).toBeVisible();
    const invite = await readClipboard(a);
    // The readable address of the room, which opens it at /chat/{id}.
    expect(invite).toBe(`${baseURL}/r/linus-demo/dive-log`);

    await moreMenu(a, 'Show details');
    const details = a.getByRole('region', { name: 'Repository details' });
    await expect(details.getByRole('link', { name: 'Issues' })).toHaveAttribute(
      'href',
      /\/linus-demo\/dive-log\/issues$/,
    );
    await expect(details.getByRole('link', { name: 'Discussions' })).toHaveAttribute(
      'href',
      /\/linus-demo\/dive-log\/discussions$/,
    );
    await moreMenu(a, 'Hide details');
    await expect(details).toHaveCount(0);

    // The invite opens the room to read; Grace joins it with "Join Chat".
    await g.goto(invite);
    await expect(g).toHaveURL(new RegExp(`/chat/${roomId}$`));
    await expect(g.getByTestId('reader-bar')).toBeVisible();
    await g.getByTestId('reader-bar').getByRole('button', { name: 'Join Chat' }).click();
    await expect(g.getByPlaceholder('Type your message...')).toBeVisible();
    const members = a.getByRole('complementary', { name: 'Members' });
    await expect(members.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
    await expect(members.getByText('Repository Discussion')).toBeVisible();
    await expect(members.getByText('Live')).toBeVisible();

    await moreMenu(g, 'Leave');
    await g.getByRole('dialog', { name: 'Leave this room?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(g).not.toHaveURL(/\/chat\//);
    await expect(members.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
    await expect(members.getByTestId('member').filter({ hasText: 'Grace Demo' })).toHaveCount(0);

    // Small screens: the members button opens a sheet with the same list.
    await a.setViewportSize({ width: 390, height: 800 });
    await expect(members).toHaveCount(0);
    await a.getByRole('button', { name: 'Members' }).click();
    const sheet = a.getByRole('dialog', { name: 'Members' });
    await expect(sheet.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
    await expect(sheet.getByText('Good first issues')).toBeVisible();
    expect(
      await sheet.getByRole('list', { name: 'Good first issues' }).getByRole('listitem').count(),
    ).toBeLessThanOrEqual(3);
  });
});

test('an unknown room sends the user home', async ({ page }) => {
  await signInAs(page, ADA);
  await page.goto('/chat/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/$/);
});
