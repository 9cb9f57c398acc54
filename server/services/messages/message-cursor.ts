import type { MessageCursor } from '../../db/repositories/messages.repository';

/** Opaque page cursors: the (created_at, id) of the oldest message already shown. */
export function encodeCursor(position: MessageCursor): string {
  return Buffer.from(`${position.created_at}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): MessageCursor | null {
  if (cursor.length > 200) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [createdAt, id, ...rest] = text.split('|');
  if (!createdAt || !id || rest.length > 0) return null;
  if (Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { created_at: createdAt, id };
}
