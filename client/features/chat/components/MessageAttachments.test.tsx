import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import { inlineSize, MessageAttachments } from './MessageAttachments';

afterEach(cleanup);

const screenshot: AttachmentDto = {
  id: '0196a0a0-0000-7000-8000-000000000001',
  name: 'error.png',
  type: 'image/png',
  size: 48_000,
  width: 1600,
  height: 900,
  url: '/files/0196a0a0-0000-7000-8000-000000000001',
  thumbnail_url: '/files/0196a0a0-0000-7000-8000-000000000001/thumbnail',
};
const pdf: AttachmentDto = {
  id: '0196a0a0-0000-7000-8000-000000000002',
  name: 'Release notes.pdf',
  type: 'application/pdf',
  size: 2_400_000,
  url: '/files/0196a0a0-0000-7000-8000-000000000002',
};

describe('MessageAttachments', { timeout: 20_000 }, () => {
  it('draws an image at its proportions, scaled into 320×240 and never up', () => {
    expect(inlineSize(1600, 900)).toEqual({ width: 320, height: 180 });
    expect(inlineSize(300, 1200)).toEqual({ width: 60, height: 240 });
    expect(inlineSize(100, 50)).toEqual({ width: 100, height: 50 });
  });

  it('shows the thumbnail lazily in a box of its size, and other files as download chips', async () => {
    render(<MessageAttachments attachments={[screenshot, pdf]} tabbable />);
    // The view's code is imported lazily: on a busy machine that takes more than a second.
    const image = await screen.findByRole('img', { name: 'error.png' }, { timeout: 5000 });
    expect(image.getAttribute('src')).toBe(screenshot.thumbnail_url);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '180']);
    const frame = screen.getByRole('button', { name: 'Open error.png' });
    expect([frame.style.width, frame.style.height]).toEqual(['320px', '180px']);

    const chip = screen.getByRole('link', { name: /Release notes\.pdf/ });
    expect(chip.getAttribute('href')).toBe(pdf.url);
    expect(chip.getAttribute('download')).toBe('Release notes.pdf');
    expect(chip.textContent).toContain('PDF · 2.3 MB');
  });

  it('opens the full image with "Download"; Escape closes it', async () => {
    const user = userEvent.setup();
    render(<MessageAttachments attachments={[screenshot]} tabbable />);
    await user.click(await screen.findByRole('button', { name: 'Open error.png' }));
    const viewer = await screen.findByRole('dialog', { name: 'error.png' });
    expect(within(viewer).getByRole('img', { name: 'error.png' }).getAttribute('src')).toBe(screenshot.url);
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('error.png');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
