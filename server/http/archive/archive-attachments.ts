import { ATTACHMENT_TYPE_LABELS, formatFileSize, isImageType } from '../../../shared/attachments/attachments';
import type { AttachmentDto } from '../../../shared/attachments/attachments-api';
import { INLINE_MAX_HEIGHT, INLINE_MAX_WIDTH, inlineSize } from '../../../shared/attachments/inline-size';
import { escapeHtml } from './html-escape';

/**
 * A message's files on an archive page, as the app shows them (docs/PRODUCT.md §18, §22): images
 * inline, their thumbnails in a box of their real proportions (the space is kept before they load)
 * linking to the full image; other files as a chip with name, type and size linking to the
 * download. The addresses are the app's own, so the room's read rule applies to them too.
 */
export function attachmentsHtml(attachments: readonly AttachmentDto[] | undefined): string {
  if (!attachments || attachments.length === 0) return '';
  const images = attachments.filter((file) => isImageType(file.type));
  const others = attachments.filter((file) => !isImageType(file.type));
  const imageItems = images.map((image) => {
    const size = inlineSize(image.width ?? INLINE_MAX_WIDTH, image.height ?? INLINE_MAX_HEIGHT);
    const name = escapeHtml(image.name);
    return `<a class="image" href="${escapeHtml(image.url)}" title="${name}"><img src="${escapeHtml(image.thumbnail_url ?? image.url)}" alt="${name}" width="${size.width}" height="${size.height}" loading="lazy" decoding="async"></a>`;
  });
  const fileItems = others.map(
    (file) =>
      `<a class="file" href="${escapeHtml(file.url)}" download="${escapeHtml(file.name)}"><span class="name">${escapeHtml(file.name)}</span> <span class="meta">${ATTACHMENT_TYPE_LABELS[file.type]} · ${formatFileSize(file.size)}</span></a>`,
  );
  return `<div class="files">${[...imageItems, ...fileItems].join('')}</div>`;
}

/** The attachments' look on archive pages. */
export const ATTACHMENTS_STYLE = `.files{display:flex;flex-wrap:wrap;gap:.4rem;margin:.35rem 0}
.files .image{display:inline-block;line-height:0;border:1px solid #d0d7de;border-radius:6px;overflow:hidden;background:#f6f8fa}
.files .image img{object-fit:cover;max-width:100%;height:auto}
.files .file{display:inline-flex;flex-direction:column;padding:.35rem .6rem;border:1px solid #d0d7de;border-radius:6px;text-decoration:none;max-width:100%}
.files .name{font-weight:600;overflow-wrap:anywhere}.files .meta{font-size:.8rem;color:#57606a}`;
