import {
  Ban,
  CircleDot,
  Copy,
  Ellipsis,
  EyeOff,
  Flag,
  Link2,
  MessageSquareReply,
  MicOff,
  Pencil,
  Pin,
  Reply,
  ShieldX,
  Trash2,
} from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

export interface MessageActionsMenuProps {
  /** The user's own message: Edit and Delete too. */
  own: boolean;
  /** Moderators: pin or unpin (`pinned` says which). */
  pinned?: boolean;
  /** What the menu offers; an absent one is not offered. */
  actions: MessageMenuActions;
}

export interface MessageMenuActions {
  /** Answers the message (the composer shows "Replying to …"); absent where one cannot write. */
  onReply?: (() => void) | undefined;
  /** Opens the message's thread ("Reply in thread"); absent inside a thread. */
  onReplyInThread?: (() => void) | undefined;
  onEdit(): void;
  onCopy(): void;
  onCopyLink(): void;
  onDelete(): void;
  /** Moderators: pin or unpin. */
  onPin?: (() => void) | undefined;
  /** Moderators, on someone else's message (not another moderator's). */
  onMute?: (() => void) | undefined;
  onBan?: (() => void) | undefined;
  /** Moderators, on someone else's message. */
  onRemove?: (() => void) | undefined;
  /** Everyone, on someone else's message. */
  onReport?: (() => void) | undefined;
  /** 'Ignore {name}', on someone else's message. */
  ignoreLabel?: string | undefined;
  onIgnore?: (() => void) | undefined;
  /** "Create issue" from the message's thread. */
  onCreateIssue?: (() => void) | undefined;
}

/** A message's actions menu (loaded on first use, see MessageItem). */
export default function MessageActionsMenu({
  own,
  pinned = false,
  actions: {
    onReply,
    onReplyInThread,
    onEdit,
    onCopy,
    onCopyLink,
    onDelete,
    onPin,
    onMute,
    onBan,
    onRemove,
    onReport,
    ignoreLabel,
    onIgnore,
    onCreateIssue,
  },
  defaultOpen = false,
}: MessageActionsMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="Message actions" className={TOOLBAR_BUTTON_CLASS}>
        <Ellipsis className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={own ? 'end' : 'start'}>
        {onReply && (
          <DropdownMenuItem onSelect={onReply}>
            <Reply className="h-4 w-4" aria-hidden="true" /> Reply
          </DropdownMenuItem>
        )}
        {onReplyInThread && (
          <DropdownMenuItem onSelect={onReplyInThread}>
            <MessageSquareReply className="h-4 w-4" aria-hidden="true" /> Reply in thread
          </DropdownMenuItem>
        )}
        {own && (
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onCopy}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy text
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCopyLink}>
          <Link2 className="h-4 w-4" aria-hidden="true" /> Copy link
        </DropdownMenuItem>
        {own && (
          <DropdownMenuItem destructive onSelect={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </DropdownMenuItem>
        )}
        {onCreateIssue && (
          <DropdownMenuItem onSelect={onCreateIssue}>
            <CircleDot className="h-4 w-4" aria-hidden="true" /> Create issue
          </DropdownMenuItem>
        )}
        {onReport && (
          <DropdownMenuItem onSelect={onReport}>
            <Flag className="h-4 w-4" aria-hidden="true" /> Report
          </DropdownMenuItem>
        )}
        {onIgnore && (
          <DropdownMenuItem onSelect={onIgnore}>
            <EyeOff className="h-4 w-4" aria-hidden="true" /> {ignoreLabel ?? 'Ignore'}
          </DropdownMenuItem>
        )}
        {onPin && (
          <DropdownMenuItem onSelect={onPin}>
            <Pin className="h-4 w-4" aria-hidden="true" /> {pinned ? 'Unpin' : 'Pin'}
          </DropdownMenuItem>
        )}
        {onMute && (
          <DropdownMenuItem onSelect={onMute}>
            <MicOff className="h-4 w-4" aria-hidden="true" /> Mute
          </DropdownMenuItem>
        )}
        {onBan && (
          <DropdownMenuItem destructive onSelect={onBan}>
            <Ban className="h-4 w-4" aria-hidden="true" /> Ban from room
          </DropdownMenuItem>
        )}
        {onRemove && (
          <DropdownMenuItem destructive onSelect={onRemove}>
            <ShieldX className="h-4 w-4" aria-hidden="true" /> Remove message
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
