import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ATTACHMENT_ERRORS,
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_SIDE,
  isImageType,
  THUMBNAIL_MAX_SIDE,
  type AttachmentType,
} from '../../../shared/attachments/attachments';
import { domainErrors } from '../../errors';

/** What is stored of an upload: its bytes as served, and for an image its size and a thumbnail. */
export interface CheckedContent {
  type: AttachmentType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

/** Types recognised from their bytes (magic numbers) that may be stored. */
const BINARY_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/zip',
]);
/** Extensions that promise a binary type: text under such a name is refused, never stored. */
const BINARY_EXTENSIONS = /\.(png|jpe?g|gif|webp|pdf|zip)$/i;
/** Images larger than this many pixels are not decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Decides what an upload is from its bytes, never from its name or the browser's claim, and
 * makes what is stored: images decoded and encoded again (metadata, EXIF and GPS gone, at most
 * 4096 pixels a side, a 512-pixel thumbnail); text kept as it is, served as plain text.
 */
export async function checkedContent(name: string, bytes: Buffer): Promise<CheckedContent> {
  if (bytes.length === 0) throw domainErrors.invalid(ATTACHMENT_ERRORS.empty(name));
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw domainErrors.invalid(ATTACHMENT_ERRORS.tooLarge(name));
  const found = await fileTypeFromBuffer(bytes);
  if (found && BINARY_TYPES.has(found.mime)) {
    const type = found.mime as AttachmentType;
    return isImageType(type)
      ? reencodedImage(name, type, bytes)
      : { type, bytes, width: null, height: null, thumbnail: null };
  }
  if (found || !isText(bytes)) throw domainErrors.invalid(ATTACHMENT_ERRORS.unsupported(name));
  // Text under an image's (or PDF's, zip's) name is someone's trick, not a file to keep.
  if (BINARY_EXTENSIONS.test(name)) throw domainErrors.invalid(ATTACHMENT_ERRORS.mismatch(name));
  return {
    type: isJson(name, bytes) ? 'application/json' : 'text/plain',
    bytes,
    width: null,
    height: null,
    thumbnail: null,
  };
}

async function reencodedImage(name: string, type: AttachmentType, bytes: Buffer): Promise<CheckedContent> {
  const animated = type === 'image/gif' || type === 'image/webp';
  try {
    // rotate(): the EXIF orientation is applied to the pixels before the metadata is dropped.
    const image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/png'
        ? image.png()
        : type === 'image/jpeg'
          ? image.jpeg({ quality: 88, mozjpeg: true })
          : type === 'image/gif'
            ? image.gif()
            : image.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const height = info.pageHeight ?? info.height;
    const thumbnail = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { type, bytes: data, width: info.width, height, thumbnail };
  } catch {
    throw domainErrors.invalid(ATTACHMENT_ERRORS.unreadableImage(name));
  }
}

/** UTF-8 text: decodes without errors and holds no control characters but tab, line breaks, form feed and escape. */
function isText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F\u007F]/.test(text);
}

function isJson(name: string, bytes: Buffer): boolean {
  if (!/\.json$/i.test(name)) return false;
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
