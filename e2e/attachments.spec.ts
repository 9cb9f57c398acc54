import { expect, test, type Page } from '@playwright/test';
import { joinRoomByApi, messageMenu, messageWith, openRoom, openUser, type ChatUser } from './support/chat-helpers';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import sharp from 'sharp';

/**
 * Files in messages between two people: Ada pastes a screenshot and Grace sees it inline, its
 * box the image's proportions before it loads, and opens and closes the viewer; Ada attaches a
 * PDF with "Attach files" and Grace downloads it under its name; a 12 MB file is refused in the
 * composer with the reason; deleting the message makes the file's address answer 404. A visitor
 * sees a message's image and file on the room's archive day page.
 */

// Both users join a room; joins are limited per account and hour, so this spec has its own server.
const OFFSET = 15;
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
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Run in the page (the specs have no DOM types): draws a 640×360 PNG and pastes it into the
 * focused element, as a screenshot tool's copy and Ctrl+V would.
 */
const PASTE_SCREENSHOT = `(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const context = canvas.getContext('2d');
  context.fillStyle = '#cc3333';
  context.fillRect(0, 0, 640, 360);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  const data = new DataTransfer();
  data.items.add(new File([blob], 'image.png', { type: 'image/png' }));
  document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
})()`;

async function pasteScreenshot(page: Page): Promise<void> {
  await page.getByPlaceholder('Type your message...').focus();
  await page.evaluate(PASTE_SCREENSHOT);
}

test('a pasted screenshot, a PDF by the button, a file too large, and a deleted message’s file', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada: ChatUser = await openUser(browser, 'ada-demo', BASE_URL);
  const grace: ChatUser = await openUser(browser, 'grace-demo', BASE_URL);
  const a = ada.page;
  const g = grace.page;
  const roomId = await joinRoomByApi(a, BASE_URL, REPO);
  await joinRoomByApi(g, BASE_URL, REPO);
  await openRoom(a, roomId);
  await openRoom(g, roomId);
  const box = a.getByPlaceholder('Type your message...');
  let imageUrl = '';

  await test.step('a pasted PNG appears inline for Grace, its size reserved; the viewer opens and closes', async () => {
    await pasteScreenshot(a);
    const chip = a.getByTestId('pending-attachment');
    await expect(chip).toHaveAttribute('data-status', 'done');
    await box.fill('The error dialog');
    await box.press('Enter');
    await expect(chip).toHaveCount(0);

    const message = messageWith(g, 'The error dialog');
    const image = message.getByTestId('attachment-image');
    await expect(image).toBeVisible();
    // 640×360 drawn at 320×180: the box has the image's proportions whether or not it has loaded.
    await expect(image).toHaveAttribute('width', '320');
    await expect(image).toHaveAttribute('height', '180');
    await expect(image).toHaveAttribute('loading', 'lazy');
    const frame = await message.getByRole('button', { name: 'Open image.png' }).boundingBox();
    expect(Math.round(frame?.width ?? 0)).toBe(320);
    expect(Math.round(frame?.height ?? 0)).toBe(180);
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);

    await message.getByRole('button', { name: 'Open image.png' }).click();
    const viewer = g.getByRole('dialog', { name: 'image.png' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Download' })).toBeVisible();
    imageUrl = (await viewer.getByRole('img', { name: 'image.png' }).getAttribute('src')) ?? '';
    expect(imageUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    await g.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  await test.step('a PDF attached with "Attach files" downloads under its name', async () => {
    const chooser = a.waitForEvent('filechooser');
    await a.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: 'Release notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(a.getByTestId('pending-attachment')).toHaveAttribute('data-status', 'done');
    // Files alone: no text needed.
    await a.getByRole('button', { name: 'Send message' }).click();

    const file = g.getByTestId('attachment-file').filter({ hasText: 'Release notes.pdf' });
    await expect(file).toContainText('PDF');
    const download = g.waitForEvent('download');
    await file.click();
    expect((await download).suggestedFilename()).toBe('Release notes.pdf');
  });

  await test.step('a file goes with a reply in a thread the same way', async () => {
    await messageMenu(g, 'The error dialog', 'Reply in thread');
    const panel = g.getByTestId('thread-panel');
    const chooser = g.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: 'trace.log', mimeType: 'text/plain', buffer: Buffer.from('at main()\n') });
    await expect(panel.getByTestId('pending-attachment')).toHaveAttribute('data-status', 'done');
    await panel.getByPlaceholder('Reply in thread…').fill('Full trace');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('thread-reply').getByTestId('attachment-file')).toContainText('trace.log');
    await panel.getByRole('button', { name: 'Close thread' }).click();
  });

  await test.step('a 12 MB file is refused with the reason', async () => {
    const chooser = a.waitForEvent('filechooser');
    await a.getByRole('button', { name: 'Attach files' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'server.log',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(12 * 1024 * 1024, 'x'),
    });
    const chip = a.getByTestId('pending-attachment');
    await expect(chip).toHaveAttribute('data-status', 'failed');
    await expect(chip).toContainText('server.log is larger than 10 MB');
    await chip.getByRole('button', { name: 'Remove attachment' }).click();
    await expect(chip).toHaveCount(0);
  });

  await test.step('deleting the message makes its file answer 404', async () => {
    expect((await g.request.get(imageUrl)).status()).toBe(200);
    const message = messageWith(a, 'The error dialog');
    await message.hover();
    await message.getByRole('button', { name: 'Message actions' }).click();
    await a.getByRole('menuitem', { name: 'Delete' }).click();
    await a.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(messageWith(g, 'The error dialog')).toHaveCount(0);
    expect((await g.request.get(imageUrl)).status()).toBe(404);
    expect((await a.request.get(imageUrl)).status()).toBe(404);
  });

  await ada.context.close();
  await grace.context.close();
});

test("the archive day page shows a visitor a message's image inline and its file as a chip", async ({ browser }) => {
  test.setTimeout(120_000);
  const ada: ChatUser = await openUser(browser, 'ada-demo', BASE_URL);
  const roomId = await joinRoomByApi(ada.page, BASE_URL, REPO);
  const origin = new URL(BASE_URL).origin;
  const upload = async (name: string, bytes: Buffer) => {
    const response = await ada.page.request.post(`/api/rooms/${roomId}/attachments?name=${encodeURIComponent(name)}`, {
      data: bytes,
      headers: { Origin: origin, 'Content-Type': 'application/octet-stream' },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { attachment: { id: string; url: string } }).attachment;
  };
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const image = await upload('diagram.png', png);
  const pdf = await upload('Archive notes.pdf', PDF);
  const sent = await ada.page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { client_id: `archive-${Date.now()}`, content: 'Diagram and notes', attachment_ids: [image.id, pdf.id] },
    headers: { Origin: origin },
  });
  expect(sent.status()).toBe(201);
  const day = ((await sent.json()) as { message: { created_at: string } }).message.created_at.slice(0, 10);
  await ada.context.close();

  const visitor = await browser.newContext({ baseURL: BASE_URL });
  try {
    const page = await visitor.newPage();
    await page.goto(`/r/${REPO}/archive/${day}`);
    const message = page.locator('article').filter({ hasText: 'Diagram and notes' });
    // The thumbnail at the image's proportions (640×360 in 320×180), lazily, linking to the full image.
    const thumbnail = message.getByRole('img', { name: 'diagram.png' });
    await expect(thumbnail).toHaveAttribute('width', '320');
    await expect(thumbnail).toHaveAttribute('height', '180');
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    const box = await thumbnail.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([320, 180]);
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expect(message.getByRole('link', { name: 'diagram.png' })).toHaveAttribute('href', image.url);

    const chip = message.getByRole('link', { name: /Archive notes\.pdf/ });
    await expect(chip).toContainText(/PDF · \d+ B/);
    await expect(chip).toHaveAttribute('href', pdf.url);
    const download = page.waitForEvent('download');
    await chip.click();
    expect((await download).suggestedFilename()).toBe('Archive notes.pdf');
  } finally {
    await visitor.close();
  }
});
