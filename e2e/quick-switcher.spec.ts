import { expect, test } from '@playwright/test';
import { joinRoomByApi } from './support/chat-helpers';
import { signInAs } from './support/sign-in';
import { startExtraServer, type ExtraServer } from './support/extra-server';

/** Ctrl+K (⌘K on macOS): "Jump to a room", my rooms first, then any repository by name. */

// The switcher joins a room through its readable address. Joining is limited to 5 new rooms an hour (docs/PRODUCT.md §5) and the
// suite's shared server has spent most of the demo accounts' joins: this spec runs its own server.
const OFFSET = 5;
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? '4300') + OFFSET}` });
let server: ExtraServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer(OFFSET, {});
});
test.afterAll(async () => {
  await server?.stop();
});

test('Ctrl+K jumps to one of my rooms, and to any repository by name', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'ada-demo');
  const roomId = await joinRoomByApi(page, baseURL ?? '', 'obsproject/obs-studio');
  await page.goto('/');
  await expect(page.getByRole('searchbox', { name: 'Search repositories' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Jump to a room' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: 'Room or repository name' });
  await expect(box).toBeFocused();
  await box.fill('OBS-stud');
  await expect(dialog.getByRole('option').first()).toContainText('obsproject/obs-studio');
  await expect(dialog.getByRole('option').first()).toContainText('Your room');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(dialog).toBeHidden();

  // ⌘K too; a repository I am not in opens through its readable address, which never joins by
  // itself: "Join Chat" does.
  await page.keyboard.press('Meta+k');
  await expect(dialog).toBeVisible();
  await box.fill('lobe-chat');
  const repository = dialog.getByRole('option', { name: /lobehub\/lobe-chat/ });
  await expect(repository).toContainText('Repository');
  await expect(repository).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/r\/lobehub\/lobe-chat$/);
  await page.getByRole('button', { name: 'Join Chat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'lobehub/lobe-chat' })).toBeVisible();
  await expect(page).toHaveURL(/\/chat\/[^/?]+$/);

  // Arrow keys choose, Escape closes without going anywhere.
  const here = page.url();
  await page.keyboard.press('Control+k');
  await box.fill('o');
  await expect(dialog.getByRole('option')).not.toHaveCount(0);
  await box.press('ArrowDown');
  await box.press('Escape');
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(here);
});
