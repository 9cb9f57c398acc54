import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGE_ERRORS } from '../../shared/validation/message';
import { joinRoomByApi, messageWith } from '../support/chat-helpers';
import { signInAs } from '../support/sign-in';

/**
 * Bidirectional controls and invisible characters, as a reader sees them in Chromium: a link
 * disguised with a right-to-left override shows its real order, a message of only invisible
 * characters is refused, and a display name loses its controls.
 */

const LOGIN = 'margaret-demo';
const REPO = 'margaret-demo/lunar-ui';
// A room of its own: the first message of a group shows its author's name.
const NAME_REPO = 'margaret-demo/rope-memory';
const RLO = '\u202E';
const PDF = '\u202C';

/** The DOM calls the measurement makes (the e2e code is type-checked without the DOM library). */
interface MeasuredRange {
  setStart(node: unknown, offset: number): void;
  setEnd(node: unknown, offset: number): void;
  getBoundingClientRect(): { left: number };
}
interface MeasuredNode {
  textContent: string | null;
  firstChild: unknown;
}

// These checks are about what is drawn, not how fast: a busy machine gets time to load the room.
test.describe.configure({ timeout: 180_000 });
const LOAD_TIMEOUT = 60_000;

/** Opens a room and waits until it has loaded and its socket is live. */
async function openRoom(page: Page, roomId: string): Promise<void> {
  await page.goto(`/chat/${roomId}`);
  await expect(page.getByPlaceholder('Type your message...')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText('Reconnecting…')).toHaveCount(0, { timeout: LOAD_TIMEOUT });
}

async function origin(page: Page): Promise<string> {
  return new URL((await page.request.get('/api/health')).url()).origin;
}

test('a link disguised with a right-to-left override is shown in its real order', async ({ page, baseURL }) => {
  await signInAs(page, LOGIN);
  const roomId = await joinRoomByApi(page, baseURL ?? '', REPO);
  const marker = `bidi-${randomUUID().slice(0, 8)}`;
  const response = await page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content: `${marker} مرحبا https://evil.example/${RLO}gpj.exe${PDF} شكرا` },
    headers: { Origin: await origin(page) },
  });
  expect(response.status(), await response.text()).toBe(201);

  await openRoom(page, roomId);
  // The message's own link (author names and avatars are profile links too).
  const link = messageWith(page, marker).getByRole('link', { name: /^https:\/\/evil\.example\// });
  await expect(link).toHaveText('https://evil.example/gpj.exe', { timeout: LOAD_TIMEOUT });
  await expect(link).toHaveAttribute('href', 'https://evil.example/gpj.exe');
  await expect(link).toHaveAttribute('dir', 'ltr');

  // Where each part lands on screen: "gpj" must be drawn left of "exe", as typed.
  const [gpj, exe] = await link.evaluate(
    (node, parts) => {
      const element = node as unknown as MeasuredNode;
      const doc = (globalThis as unknown as { document: { createRange(): MeasuredRange } }).document;
      const text = element.textContent ?? '';
      return parts.map((part) => {
        const range = doc.createRange();
        const at = text.indexOf(part);
        range.setStart(element.firstChild, at);
        range.setEnd(element.firstChild, at + 1);
        return range.getBoundingClientRect().left;
      });
    },
    ['gpj', 'exe'],
  );
  expect(gpj).toBeLessThan(exe ?? Number.NEGATIVE_INFINITY);
});

test('a message of only invisible characters is refused as blank', async ({ page, baseURL }) => {
  await signInAs(page, LOGIN);
  const roomId = await joinRoomByApi(page, baseURL ?? '', REPO);
  await openRoom(page, roomId);
  const box = page.getByPlaceholder('Type your message...');
  await box.fill('\u200B\u3164\u2800');
  await box.press('Enter');
  await expect(page.getByText(MESSAGE_ERRORS.empty).first()).toBeVisible();
  await expect(page.getByTestId('message').filter({ hasText: '\u3164' })).toHaveCount(0);
});

test('a display name is shown to others without its bidirectional and control characters', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, LOGIN);
  const roomId = await joinRoomByApi(page, baseURL ?? '', NAME_REPO);
  const headers = { Origin: await origin(page) };
  const renamed = await page.request.patch('/api/profile', {
    data: { display_name: `${RLO}Margaret\u0007 \u001B[2JHamilton` },
    headers,
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const marker = `named-${randomUUID().slice(0, 8)}`;
  const sent = await page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: randomUUID(), content: marker },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const reader = await browser.newContext({ baseURL });
  try {
    const readerPage = await reader.newPage();
    await signInAs(readerPage, 'grace-demo');
    await joinRoomByApi(readerPage, baseURL ?? '', NAME_REPO);
    await openRoom(readerPage, roomId);
    const item = messageWith(readerPage, marker);
    await expect(item).toContainText('Margaret [2JHamilton', { timeout: LOAD_TIMEOUT });
    const shown = (await item.textContent()) ?? '';
    for (const control of [RLO, '\u0007', '\u001B']) expect(shown).not.toContain(control);
  } finally {
    await reader.close();
    await page.request.patch('/api/profile', { data: { display_name: 'Margaret Demo' }, headers });
  }
});
