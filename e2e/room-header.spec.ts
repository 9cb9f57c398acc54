import { expect, test, type Page } from '@playwright/test';
import { joinRoomByApi, openMore, openRoom, openUser, type ChatUser } from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * The room header keeps one height whatever the actions: the repository and its facts on one
 * line, search, pinned (and the members on a phone) visible, everything else in "More".
 */

// The longest name of the emulator's dataset, so the header is measured at its fullest.
const REPO = 'pointfreeco/swift-composable-architecture';

// Joins are limited per account and hour and the suite's other specs spend them: its own server.
const OFFSET = 12;
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

let user: ChatUser;

test.beforeEach(async ({ browser }) => {
  user = await openUser(browser, 'ada-demo', BASE_URL);
});
test.afterEach(async () => {
  await user.context.close();
});

async function headerBox(page: Page) {
  const header = page.getByTestId('room-header');
  await expect(header).toBeVisible();
  const box = await header.boundingBox();
  if (!box) throw new Error('the room header has no box');
  return box;
}

test('the room header is at most 110 px tall at 1440 × 900 and 120 px at 375 × 740', async () => {
  const { page } = user;
  const roomId = await joinRoomByApi(page, BASE_URL, REPO);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openRoom(page, roomId);
  const wide = await headerBox(page);
  test.info().annotations.push({ type: 'height at 1440 × 900', description: `${wide.height} px` });
  expect(wide.height).toBeLessThanOrEqual(110);
  // The facts share one line: the counts and the repository link sit at the same height.
  const counts = await page.getByTestId('room-counts').boundingBox();
  const link = await page.getByRole('link', { name: 'View repository' }).boundingBox();
  expect(counts && link && Math.abs(counts.y - link.y)).toBeLessThan(4);
  for (const name of ['Search messages', 'Pinned messages: 0', 'More']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // The other actions are one click away, in "More".
  await openMore(page);
  for (const name of ['Show details', 'Copy invite', 'Leave']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 740 });
  await openRoom(page, roomId);
  const narrow = await headerBox(page);
  test.info().annotations.push({ type: 'height at 375 × 740', description: `${narrow.height} px` });
  expect(narrow.height).toBeLessThanOrEqual(120);
  for (const name of ['Members', 'Search messages', 'Pinned messages: 0', 'More']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // Nothing sticks out of the screen.
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(375);
  const more = await page.getByRole('button', { name: 'More', exact: true }).boundingBox();
  expect(more && more.x + more.width).toBeLessThanOrEqual(375);
});
