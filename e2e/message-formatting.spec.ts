import { expect, test } from '@playwright/test';
import { joinRoomByApi, messageWith, openRoom, sendMessage } from './support/chat-helpers';
import { signInAs } from './support/sign-in';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/** Formatting written in the composer shows as formatting, for the author and after a reload. */

// One member joins a room. Joining is limited to 5 new rooms an hour per account (docs/PRODUCT.md §5) and the
// suite's shared server has spent most of the demo accounts' joins: this spec runs its own server.
const OFFSET = 6;
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}` });
let server: ExtraServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
});
test.afterAll(async () => {
  await server?.stop();
});

test('bold, italic, strikethrough, inline code, quotes, escapes and highlighted code blocks', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'barbara-demo');
  const roomId = await joinRoomByApi(page, baseURL ?? '', 'keras-team/keras');
  await openRoom(page, roomId);

  await sendMessage(page, '**Bold** *leaning* ~~struck~~ `npm test` \\*plain\\* snake_case_name [fmt-1]');
  await sendMessage(page, '> quoted **words**\nmy answer [fmt-2]');
  await sendMessage(page, '```python\ndef answer():\n    return 42  # the answer\n```');

  for (const open of [async () => undefined, () => page.reload()]) {
    await open();
    const first = messageWith(page, '[fmt-1]').getByTestId('message-content');
    await expect(first.locator('strong')).toHaveText('Bold');
    await expect(first.locator('em')).toHaveText('leaning');
    await expect(first.locator('del')).toHaveText('struck');
    await expect(first.locator('code')).toHaveText('npm test');
    await expect(first).toContainText('*plain* snake_case_name');

    const second = messageWith(page, '[fmt-2]').getByTestId('message-content');
    await expect(second.locator('blockquote')).toHaveText('quoted words');
    await expect(second.locator('blockquote strong')).toHaveText('words');

    const block = page.locator('pre[data-language="python"]').last();
    await expect(block).toHaveAttribute('data-highlighted-code', 'true');
    await expect(block.locator('.hljs-keyword').first()).toHaveText('def');
    await expect(block.locator('.hljs-number')).toHaveText('42');
    await expect(block).toContainText('return 42  # the answer');
  }
});
