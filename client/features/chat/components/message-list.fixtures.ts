// Shared by the message list's DOM tests: two people and a sent message by one of them.
import type { ChatMessage } from '../state/messages-state';
import type { MessageActions } from './message-row-context';
import type { ListAnchor, MessageListContext, MessageListProps, MessagePaging, MessageWindow } from './MessageList';

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

/** Every prop of the list spelled out flat, as the tests write them. */
export type FlatListProps = Omit<MessageListContext, 'repoName'> &
  MessageWindow &
  MessagePaging &
  MessageActions & {
    messages: ChatMessage[];
    repoName: string;
    editingId: string | null;
    onEditingChange(messageId: string | null): void;
    anchor?: ListAnchor | null;
    unreadFromId?: string | null;
    onSeen?(messageId: string): void;
    onOpenMessage?(messageId: string): void;
  };

/** The list's grouped props from flat ones. */
export function listProps(flat: FlatListProps): MessageListProps {
  const { messages, editingId, onEditingChange, anchor = null, unreadFromId = null, onSeen, onOpenMessage } = flat;
  const { loaded, failed, hasOlder, loadingOlder, hasNewer, loadingNewer, missedNewer } = flat;
  const { onLoadOlder, onLoadNewer, onJumpToLatest, onRetryLoad } = flat;
  const { repoName, currentUserId, knownUsernames, people, moderatorIds, pinnedIds, ignoredIds } = flat;
  const { onEdit, onDelete, onCopy, onCopyLink, onToggleReaction, onRetry } = flat;
  const { onRemove, onMute, onBan, onPin, onReport, onIgnore, onReply } = flat;
  const optional = { onRemove, onMute, onBan, onPin, onReport, onIgnore, onReply };
  const actions: MessageActions = { onEdit, onDelete, onCopy, onCopyLink, onToggleReaction, onRetry };
  for (const [key, value] of Object.entries(optional)) if (value) Object.assign(actions, { [key]: value });
  return {
    messages,
    status: { loaded, failed, hasOlder, loadingOlder, hasNewer, loadingNewer, missedNewer },
    paging: { onLoadOlder, onLoadNewer, onJumpToLatest, onRetryLoad },
    context: { repoName, currentUserId, knownUsernames, people, moderatorIds, pinnedIds, ignoredIds },
    actions,
    editing: { id: editingId, onChange: onEditingChange },
    opening: { anchor, unreadFromId },
    ...(onSeen ? { onSeen } : {}),
    ...(onOpenMessage ? { onOpenMessage } : {}),
  };
}
