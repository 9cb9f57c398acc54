import { createContext, use } from 'react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';

export interface MessageActions {
  /** A reader who is not a member: no reactions, edits or writing, only copying and opening threads. */
  readOnly?: boolean;
  onEdit(messageId: string, content: string): void;
  onDelete(messageId: string): void;
  onCopy(content: string): void;
  /** Copies the address of this message (`/chat/{roomId}?message={id}`). */
  onCopyLink(messageId: string): void;
  onToggleReaction(messageId: string, emoji: string): void;
  onRetry(clientId: string): void;
  /** A moderator removes the message (absent for members who do not moderate). */
  onRemove?(messageId: string): void;
  /** A moderator mutes the message's author (absent for members who do not moderate). */
  onMute?(user: UserSummaryDto): void;
  /** A moderator bans the message's author from the room. */
  onBan?(user: UserSummaryDto): void;
  /** A moderator pins (true) or unpins (false) the message. */
  onPin?(messageId: string, pinned: boolean): void;
  /** Reports someone else's message to the room's moderators. */
  onReport?(messageId: string): void;
  /** Ignores the author (their messages collapse for the reader). */
  onIgnore?(user: UserSummaryDto): void;
  /** Starts a reply to the message (absent where the reader cannot write). */
  onReply?(messageId: string): void;
  /** Opens the thread of a root (with one of its replies highlighted). */
  onOpenThread?(rootId: string, highlightId?: string): void;
  /** "Create issue" from the message's thread (absent where the reader cannot write). */
  onCreateIssue?(messageId: string): void;
}

/** What every row of the list shares: who reads, whom they know, and what they can do. */
export interface MessageRowContextValue {
  currentUserId: string | undefined;
  knownUsernames: ReadonlySet<string>;
  /** Members by id (names for reactions). */
  people: ReadonlyMap<string, UserSummaryDto>;
  actions: MessageActions;
  /** Opens the inline editor on a message (its id) or closes it (null). */
  onEditingChange(messageId: string | null): void;
  /** The message took focus: it becomes the list's Tab stop. */
  onActivate(messageId: string): void;
  /** Shows a message of the room (a reply's original): scrolled to and highlighted, loaded if need be. */
  onJumpTo(messageId: string): void;
}

export const MessageRowContext = createContext<MessageRowContextValue | null>(null);

export function useMessageRow(): MessageRowContextValue {
  const value = use(MessageRowContext);
  if (!value) throw new Error('A message row needs its list (MessageRowContext)');
  return value;
}
