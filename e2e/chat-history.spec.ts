import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import type { MeDto } from '../shared/api/auth';
import { joinRoomByApi, openRoom } from './support/chat-helpers';
import { openServerDatabase } from './support/seed-database';
import { signInAs } from './support/sign-in';

/**
 * A room with a long history opens on its newest page and loads older pages as the reader
 * scrolls up, keeping their place. 120 messages is more than the send limit lets one test post,
 * so they are written straight into the server's database, as an older conversation would be.
 */

const TOTAL = 120;
const label = (n: number) => `history message ${String(n).padStart(3, '0')}`;

async function scrollToTop(scroller: Locator): Promise<void> {
  // The browser fires the scroll event the list listens to.
  await scroller.evaluate((element) => {
    element.scrollTop = 0;
  });
}

/** Whether the element is at least partly inside the scroller's visible area. */
async function isInView(scroller: Locator, item: Locator): Promise<boolean> {
  const [box, frame] = await Promise.all([item.boundingBox(), scroller.boundingBox()]);
  if (!box || !frame) return false;
  return box.y + box.height > frame.y && box.y < frame.y + frame.height;
}

test('a long history opens on the newest messages and loads older pages on scroll up', async ({ page, baseURL }) => {
  await signInAs(page, 'margaret-demo');
  const roomId = await joinRoomByApi(page, baseURL ?? '', 'BurntSushi/ripgrep');
  const me = (await (await page.request.get('/api/me')).json()) as MeDto;

  const database = await openServerDatabase();
  try {
    const start = Date.parse('2026-01-01T00:00:00Z');
    await database.db
      .insertInto('messages')
      .values(
        Array.from({ length: TOTAL }, (_, i) => ({
          id: randomUUID(),
          room_id: roomId,
          user_id: me.id,
          client_id: randomUUID(),
          content: label(i + 1),
          created_at: new Date(start + i * 60_000).toISOString(),
          edited_at: null,
        })),
      )
      .execute();
  } finally {
    await database.close();
  }

  await openRoom(page, roomId);
  const messages = page.getByRole('list', { name: 'Messages' });
  const scroller = page.getByTestId('message-scroller');
  // The newest page (50 messages) is shown, scrolled to the bottom.
  await expect(messages.getByText(label(TOTAL), { exact: true })).toBeVisible();
  await expect(messages.getByText(label(TOTAL - 49), { exact: true })).toHaveCount(1);
  await expect(messages.getByText(label(TOTAL - 50), { exact: true })).toHaveCount(0);
  expect(await isInView(scroller, messages.getByText(label(TOTAL), { exact: true }))).toBe(true);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toBeVisible();

  // Scrolling to the top loads the page before it, and the reader stays where they were.
  await scrollToTop(scroller);
  await expect(messages.getByText(label(TOTAL - 50), { exact: true })).toHaveCount(1);
  await expect(messages.getByText(label(TOTAL - 99), { exact: true })).toHaveCount(1);
  const firstOfPreviousPage = messages.getByText(label(TOTAL - 49), { exact: true });
  await expect.poll(() => isInView(scroller, firstOfPreviousPage)).toBe(true);

  // Once more reaches the beginning: nothing older to load.
  await scrollToTop(scroller);
  await expect(messages.getByText(label(1), { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);

  // All of it, once each, oldest first.
  const texts = await messages.getByText(/^history message \d{3}$/).allTextContents();
  expect(texts).toEqual(Array.from({ length: TOTAL }, (_, i) => label(i + 1)));
});
