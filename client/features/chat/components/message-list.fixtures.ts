// Shared by the message list's DOM tests: two people and a sent message by one of them.
import type { ChatMessage } from '../state/messages-state';

export const ada = { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null };
export const grace = { id: 'u2', username: 'grace-demo', display_name: 'Grace', avatar_url: null };

/** A sent message `id` by `author` ("text {id}" unless overridden). */
export function chatMessage(id: string, author: typeof ada, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    room_id: 'r',
    user_id: author.id,
    client_id: `c-${id}`,
    content: `text ${id}`,
    created_at: '2026-01-01T10:00:00.000Z',
    edited_at: null,
    deleted: false,
    author,
    reactions: [],
    status: 'sent',
    ...overrides,
  };
}
