import { expect, test } from '@playwright/test';
import type { StartedEmulator } from '../emulator/start';
import { joinRoomByApi, messageWith, openRoom, openUser, sendMessage, type ChatUser } from './support/chat-helpers';
import { startExtraServerWithEmulator, type ExtraServer } from './support/extra-server';

/**
 * GitHub references with live state: `#N` in a room shows the issue's title and "Open", and turns
 * "Closed" for everyone in the room once GitHub (the standalone emulator, whose control API closes
 * it) says so and the server reads it again after its cache lifetime (2 s on this server).
 */
const OFFSET = 8;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
const REPO = 'vitejs/vite';
let emulator: StartedEmulator | undefined;
let server: (ExtraServer & { emulator: StartedEmulator }) | undefined;

test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServerWithEmulator(OFFSET, { GITHUB_CACHE_TTL_SECONDS: '2' });
  emulator = server.emulator;
});

test.afterAll(async () => {
  await server?.stop();
});

interface Item {
  number: number;
  title: string;
  state: string;
  pull_request?: unknown;
}

async function emulatorCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emulator?.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json();
}

test.describe('GitHub references', () => {
  let ada: ChatUser;
  let grace: ChatUser;
  test.afterAll(async () => {
    await ada?.context.close();
    await grace?.context.close();
  });

  test('#N shows its title and Open, and turns Closed for both users after GitHub closes it', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    const items = (await emulatorCall('GET', `/api/v3/repos/${REPO}/issues?state=open&per_page=100`)) as Item[];
    const issue = items.find((i) => !i.pull_request);
    const pull = items.find((i) => i.pull_request);
    if (!issue || !pull) throw new Error(`${REPO} has no open issue and pull request in the emulator`);

    ada = await openUser(browser, 'ada-demo', base);
    grace = await openUser(browser, 'grace-demo', base);
    const roomId = await joinRoomByApi(ada.page, base, REPO);
    await joinRoomByApi(grace.page, base, REPO);
    await openRoom(ada.page, roomId);
    await openRoom(grace.page, roomId);

    await sendMessage(
      ada.page,
      `Is #${issue.number} fixed by ${emulator?.url}/${REPO}/pull/${pull.number}? Not \`#${issue.number}\``,
    );
    for (const page of [ada.page, grace.page]) {
      const message = messageWith(page, 'fixed by');
      const reference = message.locator('a[data-reference]').first();
      await expect(reference).toHaveAttribute('data-reference', 'open');
      await expect(reference).toContainText(`#${issue.number}`);
      await expect(reference).toContainText(issue.title);
      await expect(reference.getByTestId('reference-state')).toHaveText('Open');
      await expect(reference.locator('svg[data-icon="issue-open"]')).toBeVisible();
      await expect(reference).toHaveAttribute('href', `${emulator?.url}/${REPO}/issues/${issue.number}`);
      await expect(reference).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      // The address of the pull request is a reference too; the one in code is only code.
      const address = message.locator('a[data-reference]').nth(1);
      await expect(address).toContainText(pull.title);
      await expect(address.locator('svg[data-icon="pull-open"]')).toBeVisible();
      await expect(message.locator('a[data-reference]')).toHaveCount(2);
      await expect(message.locator('code')).toHaveText(`#${issue.number}`);
    }

    await emulatorCall('PUT', '/__control/issue-state', { repo: REPO, number: issue.number, state: 'closed' });
    // Ada comes back to the room after the cache lifetime: the server reads the reference again and
    // tells the room, so Grace (who stayed) sees it change without reloading.
    const graceReference = messageWith(grace.page, 'fixed by').locator('a[data-reference]').first();
    await expect(async () => {
      await ada.page.waitForTimeout(2_100);
      await openRoom(ada.page, roomId);
      await expect(graceReference).toHaveAttribute('data-reference', 'closed', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(graceReference.getByTestId('reference-state')).toHaveText('Closed');
    await expect(graceReference.locator('svg[data-icon="issue-closed"]')).toBeVisible();
    await expect(graceReference).toContainText(issue.title);
    const adaReference = messageWith(ada.page, 'fixed by').locator('a[data-reference]').first();
    await expect(adaReference.getByTestId('reference-state')).toHaveText('Closed');
  });
});
