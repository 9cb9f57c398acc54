import { expect, test, type Page } from '@playwright/test';
import {
  joinRoomByApi,
  messageMenu,
  moreMenu,
  openRoom,
  openUser,
  readClipboard,
  sendMessage,
  SocketProxy,
  type ChatUser,
} from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * Threads and answers between two people: Grace opens a thread from Ada's question and replies; Ada
 * sees "1 reply" appear live and opens it; "Also send to room" shows a reply in the room; Ada, who
 * follows her question, sees "Threads" with a count and opens /threads; a copied link to a reply
 * opens the thread with the reply highlighted; Ada marks Grace's reply as the answer and both see
 * "Answered" and "Answer by"; "Questions" filtered to "Unanswered" no longer lists it; a reconnect
 * in the middle loses no reply.
 */

// Both users join a room; joins are limited per account and hour, so this spec has its own server.
const OFFSET = 11;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
test.use({ baseURL: BASE_URL });
let server: ExtraServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
});
test.afterAll(async () => {
  await server?.stop();
});

const REPO = 'excalidraw/excalidraw';

/** A message of the room's own list (the thread panel shows messages too). */
function roomMessage(page: Page, text: string) {
  return page.getByRole('list', { name: 'Messages' }).getByTestId('message').filter({ hasText: text });
}
const QUESTION = 'How do I export a scene to SVG?';

test('a question gets a thread, live replies, a followed count, a link to a reply and an accepted answer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada: ChatUser = await openUser(browser, 'ada-demo', BASE_URL);
  const grace: ChatUser = await openUser(browser, 'grace-demo', BASE_URL);
  const a = ada.page;
  const g = grace.page;
  const roomId = await joinRoomByApi(a, BASE_URL, REPO);
  await joinRoomByApi(g, BASE_URL, REPO);
  const proxy = await SocketProxy.attach(a);
  await openRoom(a, roomId);
  await openRoom(g, roomId);
  await sendMessage(a, QUESTION);

  await test.step('Grace opens a thread from the question and replies; Ada sees "1 reply" live', async () => {
    await expect(roomMessage(g, QUESTION)).toBeVisible();
    await messageMenu(g, QUESTION, 'Reply in thread');
    const panel = g.getByTestId('thread-panel');
    await expect(panel.getByRole('heading', { name: 'Thread' })).toBeVisible();
    const box = panel.getByPlaceholder('Reply in thread…');
    await box.fill('Use the export dialog and pick SVG');
    await box.press('Enter');
    await expect(panel.getByTestId('thread-reply')).toHaveCount(1);
    // Not in the room itself.
    await expect(roomMessage(g, 'Use the export dialog')).toHaveCount(0);
    await expect(roomMessage(a, QUESTION).getByTestId('thread-summary')).toContainText('1 reply');
  });

  await test.step('a reconnect in the middle loses no reply', async () => {
    await proxy.goOffline();
    const panel = g.getByTestId('thread-panel');
    const box = panel.getByPlaceholder('Reply in thread…');
    await box.fill('Or call exportToSvg from the API');
    await box.press('Enter');
    await expect(panel.getByTestId('thread-reply')).toHaveCount(2);
    proxy.goOnline();
    await expect(roomMessage(a, QUESTION).getByTestId('thread-summary')).toContainText('2 replies');
  });

  await test.step('"Also send to room" shows the reply in the room too', async () => {
    const panel = g.getByTestId('thread-panel');
    await panel.getByLabel('Also send to room').check();
    const box = panel.getByPlaceholder('Reply in thread…');
    await box.fill('Both ways keep the fonts');
    await box.press('Enter');
    const inRoom = roomMessage(a, 'Both ways keep the fonts');
    await expect(inRoom).toBeVisible();
    await expect(inRoom.getByTestId('replied-to-thread')).toHaveText('replied to a thread');
    await expect(roomMessage(a, QUESTION).getByTestId('thread-summary')).toContainText('3 replies');
  });

  await test.step('Ada follows her question: "Threads" counts it and /threads opens it', async () => {
    await expect(a.getByTestId('threads-count')).toHaveText('1');
    await a.getByTestId('threads-button').click();
    await expect(a).toHaveURL(/\/threads$/);
    const row = a.getByTestId('followed-thread');
    await expect(row).toContainText(QUESTION);
    await expect(row).toContainText(REPO);
    await row.click();
    const panel = a.getByTestId('thread-panel');
    await expect(panel.getByTestId('thread-reply')).toHaveCount(3);
    await expect(panel.getByRole('button', { name: 'Unfollow thread' })).toBeVisible();
    // Read: nothing unread any more.
    await expect(a.getByTestId('threads-count')).toHaveCount(0);
  });

  await test.step('a copied link to a reply opens the thread with the reply highlighted', async () => {
    const panel = g.getByTestId('thread-panel');
    const reply = panel.getByTestId('thread-reply').filter({ hasText: 'Or call exportToSvg' });
    const replyId = await reply.getAttribute('data-message-id');
    await reply.getByTestId('message').hover();
    await reply.getByRole('button', { name: 'Message actions' }).click();
    await g.getByRole('menuitem', { name: 'Copy link' }).click();
    const link = await readClipboard(g);
    expect(link).toContain(`/chat/${roomId}?message=${replyId ?? ''}`);
    await a.goto(link);
    const highlighted = a.getByTestId('thread-panel').locator('[data-highlighted="true"]');
    await expect(highlighted).toContainText('Or call exportToSvg');
  });

  await test.step('Ada marks Grace\'s reply as the answer: both see "Answered" and "Answer by"', async () => {
    const panel = a.getByTestId('thread-panel');
    const reply = panel.getByTestId('thread-reply').filter({ hasText: 'Use the export dialog' });
    await reply.getByRole('button', { name: 'Mark as answer' }).click();
    await expect(reply.getByRole('button', { name: 'Unmark answer' })).toBeVisible();
    await expect(panel.getByTestId('answer-quote')).toContainText('Answer by Grace');
    const root = roomMessage(g, QUESTION);
    await expect(root.getByTestId('answered-badge')).toHaveText('Answered');
    await expect(root.getByTestId('answer-quote')).toContainText('Answer by Grace');
  });

  await test.step('"Questions" filtered to "Unanswered" no longer lists it', async () => {
    await moreMenu(g, 'Questions');
    const dialog = g.getByRole('dialog', { name: 'Questions' });
    await dialog.getByRole('button', { name: 'Unanswered', exact: true }).click();
    await expect(dialog.getByText('No questions here.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Answered', exact: true }).click();
    await expect(dialog.getByTestId('question')).toContainText(QUESTION);
  });

  await ada.context.close();
  await grace.context.close();
});
