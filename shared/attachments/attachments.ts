/**
 * Files in messages (docs/PRODUCT.md §5, "Attachments"): the limits and texts both sides check, and
 * the kinds of file the server accepts (it decides the kind from the bytes, never from the name).
 */

/** Attachments one message may carry. */
export const ATTACHMENTS_PER_MESSAGE = 5;
/** Largest file, in bytes. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What one person may upload in an hour, in bytes. */
export const ATTACHMENT_HOURLY_BYTES = 50 * 1024 * 1024;
/** Uploads one person may start in a minute. */
export const UPLOAD_RATE = { limit: 20, windowMs: 60_000 } as const;
/** An upload not sent with a message within this time is deleted. */
export const UNSENT_ATTACHMENT_TTL_MS = 60 * 60 * 1000;
/** Longest side of a stored image, and of its thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 4096;
export const THUMBNAIL_MAX_SIDE = 512;
/** Longest file name kept (the rest is cut, keeping the extension). */
export const ATTACHMENT_NAME_MAX = 120;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const ATTACHMENT_TYPES = [
  ...IMAGE_TYPES,
  'application/pdf',
  'text/plain',
  'application/json',
  'application/zip',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** Whether messages show a file of this type inline, as an image. */
export function isImageType(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** What the file picker offers (the server still decides from the bytes). */
export const ATTACHMENT_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,.log,.txt,application/json,.json,application/zip,.zip';

/** Short labels of the types, as file chips show them. */
export const ATTACHMENT_TYPE_LABELS: Record<AttachmentType, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'application/json': 'JSON',
  'application/zip': 'ZIP archive',
};

export const ATTACHMENT_ERRORS = {
  tooLarge: (name: string) => `${name} is larger than 10 MB`,
  tooMany: `At most ${ATTACHMENTS_PER_MESSAGE} attachments per message`,
  unsupported: (name: string) => `${name} is not a supported file type (images, PDF, text, JSON or zip)`,
  empty: (name: string) => `${name} is empty`,
  unreadableImage: (name: string) => `${name} could not be read as an image`,
  mismatch: (name: string) => `${name} is not the kind of file its name says`,
  hourlyLimit: (minutes: number) =>
    `You have uploaded 50 MB in the last hour; please wait ${minutes} minutes before uploading more`,
  notUsable: 'An attachment was not found; upload it again',
} as const;

/** The client's own check before uploading: the message for a file it must not send, or null. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_ERRORS.tooLarge(file.name);
  if (file.size === 0) return ATTACHMENT_ERRORS.empty(file.name);
  return null;
}

/** A size as people read it: 512 B, 14 KB, 2.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
