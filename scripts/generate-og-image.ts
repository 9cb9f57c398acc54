/**
 * Renders the default share image (client/public/og-image.png, 1200x630) with the local Chromium.
 * Run again after changing the product name or tagline: `node --import tsx scripts/generate-og-image.ts`.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEFAULT_DESCRIPTION, PRODUCT_NAME, TAGLINE } from '../shared/limits';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../shared/meta';
import { escapeHtml } from '../shared/text';

const output = path.resolve('client/public/og-image.png');

const html = `<!doctype html>
<html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SHARE_IMAGE_WIDTH}px; height: ${SHARE_IMAGE_HEIGHT}px; font-family: 'DejaVu Sans', Arial, sans-serif;
    background: radial-gradient(circle at 85% 15%, #4338ca 0, #1e1b4b 45%, #0b1020 100%); color: #e2e8f0;
    display: flex; flex-direction: column; justify-content: space-between; padding: 72px 80px; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; color: #fff; }
  .mark { width: 84px; height: 84px; border-radius: 22px; background: #818cf8; display: grid; place-items: center; }
  h1 { font-size: 84px; line-height: 1.05; font-weight: 800; color: #fff; letter-spacing: -2px; max-width: 980px; }
  p { font-size: 30px; line-height: 1.4; color: #c7d2fe; max-width: 1000px; }
  .bubbles { display: flex; gap: 16px; }
  .bubble { padding: 14px 24px; border-radius: 999px; background: rgba(255,255,255,0.1); font-size: 26px; color: #e0e7ff; }
</style></head><body>
  <div class="brand"><div class="mark"><svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#0b1020"
    stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><path d="M14 9a2 2 0 0 1-2 2H6l-4 4V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2z"/>
    <path d="M18 9h2a2 2 0 0 1 2 2v11l-4-4h-6a2 2 0 0 1-2-2v-1"/></svg></div>${escapeHtml(PRODUCT_NAME)}</div>
  <div><h1>${escapeHtml(TAGLINE)}</h1><p style="margin-top:24px">${escapeHtml(DEFAULT_DESCRIPTION)}</p></div>
  <div class="bubbles"><span class="bubble">owner/repo</span><span class="bubble">good first issues</span><span class="bubble">live rooms</span></div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT } });
  await page.setContent(html);
  await page.screenshot({ path: output, type: 'png' });
  process.stdout.write(`wrote ${output}\n`);
} finally {
  await browser.close();
}
