/** The query parameter of a link to one message: `/chat/{roomId}?message={messageId}`. */
export const MESSAGE_PARAM = 'message';

/** The shareable address of one message, on the site's public origin. */
export function messageLink(publicUrl: string, roomId: string, messageId: string): string {
  const url = new URL(`/chat/${encodeURIComponent(roomId)}`, publicUrl);
  url.searchParams.set(MESSAGE_PARAM, messageId);
  return url.toString();
}
