import { expect, test, type Page } from '@playwright/test';
import { joinRoomByApi, messageMenu, openRoom, openUser, sendMessage, type ChatUser } from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/**
 * The repository's activity in its room: the embedded emulator (its control API on, events asking
 * to be polled every 2 s) publishes a release and merges a pull request, and both rows reach two
 * open rooms live, stay after a reload, and stop once a moderator sets "Activity" to "Off".
 */
const OFFSET = 14;
const BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}`;
// margaret-demo administers it on the emulator, so she moderates its room.
const REPO = 'excalidraw/excalidraw';
let server: ExtraServer | undefined;

test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, { EMULATOR_CONTROL: 'true', EMULATOR_POLL_INTERVAL_SECONDS: '2' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function produce(body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${BASE_URL}/_emulator/__control/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ repo: REPO, actor: 'margaret-demo', ...body }),
  });
  expect(response.status, await response.text()).toBe(201);
}

const row = (page: Page, text: string | RegExp) => page.getByTestId('activity-row').filter({ hasText: text });

test.describe('repository activity', () => {
  let margaret: ChatUser;
  let grace: ChatUser;
  test.afterAll(async () => {
    await margaret?.context.close();
    await grace?.context.close();
  });

  test('a release and a merged pull request appear live for two users, after a reload, and stop when Off', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    margaret = await openUser(browser, 'margaret-demo', BASE_URL);
    grace = await openUser(browser, 'grace-demo', BASE_URL);
    const roomId = await joinRoomByApi(margaret.page, BASE_URL, REPO);
    await joinRoomByApi(grace.page, BASE_URL, REPO);
    await openRoom(margaret.page, roomId);
    await openRoom(grace.page, roomId);
    await sendMessage(margaret.page, 'Watching the repository');
    // The first poll of a repository marks where it stands; what happens after it is news.
    await margaret.page.waitForTimeout(4000);

    await produce({ type: 'release', tag: 'v9.9.0-room' });
    await produce({ type: 'merge', title: 'Faster canvas export' });
    for (const page of [margaret.page, grace.page]) {
      await expect(row(page, 'margaret-demo released v9.9.0-room')).toBeVisible({ timeout: 10_000 });
      await expect(row(page, /margaret-demo merged pull request #\d+ Faster canvas export/)).toBeVisible({
        timeout: 10_000,
      });
    }
    await expect(row(grace.page, 'released v9.9.0-room').getByRole('link')).toHaveAttribute(
      'href',
      /\/excalidraw\/excalidraw\/releases\/tag\/v9\.9\.0-room$/,
    );
    // Rows are not messages: no unread count, no message items.
    await expect(grace.page.getByTestId('message').filter({ hasText: 'v9.9.0-room' })).toHaveCount(0);

    await grace.page.reload();
    await expect(row(grace.page, 'margaret-demo released v9.9.0-room')).toBeVisible();
    await expect(row(grace.page, 'Faster canvas export')).toBeVisible();

    // A member hides them for herself only.
    await grace.page.getByTestId('activity-button').click();
    await expect(grace.page.getByRole('menuitem', { name: 'Off', exact: true })).toHaveCount(0);
    await grace.page.getByRole('menuitem', { name: 'Show activity' }).click();
    await expect(row(grace.page, 'released v9.9.0-room')).toHaveCount(0);
    await expect(row(margaret.page, 'released v9.9.0-room')).toBeVisible();
    await grace.page.getByTestId('activity-button').click();
    await grace.page.getByRole('menuitem', { name: 'Show activity' }).click();
    await expect(row(grace.page, 'released v9.9.0-room')).toBeVisible();

    // The moderator turns it off: nothing new arrives for anyone.
    await margaret.page.getByTestId('activity-button').click();
    await margaret.page.getByRole('menuitem', { name: 'Off', exact: true }).click();
    await margaret.page.getByTestId('activity-button').click();
    await expect(margaret.page.getByRole('menuitem', { name: 'Off', exact: true })).toHaveAttribute(
      'data-current',
      'true',
    );
    await margaret.page.keyboard.press('Escape');
    await produce({ type: 'release', tag: 'v9.9.1-off' });
    await margaret.page.waitForTimeout(6000);
    for (const page of [margaret.page, grace.page]) {
      await expect(row(page, 'v9.9.1-off')).toHaveCount(0);
      await expect(row(page, 'released v9.9.0-room')).toBeVisible();
    }
  });

  test('a link to lines 3 to 5 of a file shows those three lines, highlighted, under the message', async () => {
    const { page } = grace;
    const config = (await (await page.request.get('/api/config')).json()) as { githubWebUrl: string };
    const link = `${config.githubWebUrl}/${REPO}/blob/master/src/index.ts#L3-L5`;
    await sendMessage(page, `Look here: ${link}`);
    for (const reader of [grace.page, margaret.page]) {
      const preview = reader.getByTestId('message').filter({ hasText: 'Look here' }).getByTestId('code-preview');
      await expect(preview).toBeVisible();
      await expect(preview).toContainText('src/index.ts');
      await expect(preview.getByTestId('code-preview-line')).toHaveCount(3);
      await expect(preview.getByTestId('code-preview-line').first()).toContainText('3');
      await expect(preview).toHaveAttribute('data-highlighted-code', 'true');
      await expect(preview.locator('.hljs-keyword, .hljs-comment, .hljs-string, .hljs-title').first()).toBeVisible();
      await expect(preview.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute('href', /#L3-L5$/);
    }
    // A file that cannot be read leaves the link as it is.
    await sendMessage(page, `Gone: ${config.githubWebUrl}/${REPO}/blob/master/src/missing.ts#L1-L2`);
    const gone = page.getByTestId('message').filter({ hasText: 'Gone:' });
    await expect(gone.getByRole('link')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(gone.getByTestId('code-preview')).toHaveCount(0);
  });

  test('"Create issue" from a thread asks GitHub for the scope once, creates the issue and says so in the thread', async () => {
    test.setTimeout(90_000);
    const { page } = grace;
    const ROOT = 'Export crashes on huge canvases';
    await sendMessage(page, `${ROOT}\nSteps: draw 500 shapes, then export`);
    await messageMenu(page, ROOT, 'Reply in thread');
    const panel = page.getByTestId('thread-panel');
    const box = panel.getByPlaceholder('Reply in thread…');
    await box.fill('Same for me with the SVG export');
    await box.press('Enter');
    const reply = panel.getByTestId('thread-reply').filter({ hasText: 'Same for me' });
    await expect(reply).toHaveCount(1);
    await reply.hover();
    await reply.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Create issue', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Create issue' });
    await expect(dialog.getByLabel('Title')).toHaveValue(ROOT);
    await expect(dialog.getByLabel('Description')).toHaveValue(/> Same for me with the SVG export/);
    await dialog.getByLabel('Title').fill(`${ROOT} (SVG)`);
    await dialog.getByRole('button', { name: 'Create issue on GitHub' }).click();
    // The sign-in token cannot open issues: the dialog says why, keeps the text, and asks GitHub once.
    await expect(dialog.getByRole('alert')).toContainText('public_repo');
    await expect(dialog.getByLabel('Title')).toHaveValue(`${ROOT} (SVG)`);
    await dialog.getByRole('button', { name: 'Continue on GitHub' }).click();
    await expect(page.getByText('public_repo')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in as grace-demo', exact: true }).click();

    const again = page.getByRole('dialog', { name: 'Create issue' });
    await expect(again.getByLabel('Title')).toHaveValue(`${ROOT} (SVG)`);
    await again.getByRole('button', { name: 'Create issue on GitHub' }).click();
    await expect(again).toHaveCount(0);

    await messageMenu(page, ROOT, 'Reply in thread');
    const opened = page.getByTestId('thread-panel').getByTestId('thread-reply').filter({ hasText: 'opened issue' });
    await expect(opened).toContainText(/opened issue #\d+/);
    await expect(opened.locator('a[data-reference]').first()).toHaveAttribute('data-reference', 'open');
    const number = /opened issue #(\d+)/.exec((await opened.textContent()) ?? '')?.[1];
    const issue = (await (await fetch(`${BASE_URL}/_emulator/api/v3/repos/${REPO}/issues/${number}`)).json()) as {
      title: string;
      body: string;
      state: string;
    };
    expect(issue.title).toBe(`${ROOT} (SVG)`);
    expect(issue.state).toBe('open');
    expect(issue.body).toContain('> Same for me with the SVG export');
    expect(issue.body).toContain(`> ${ROOT}`);
    expect(issue.body).toContain('grace');
  });
});
