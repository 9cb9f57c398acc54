import { memo, useState, type FocusEvent, type MouseEvent } from 'react';
import type { ChatMessage } from '../state/messages-state';
import { cn } from '../../../lib/cn';
import { fullTimeLabel } from '../../../lib/day-label';
import { Avatar } from '../../../components/ui/Avatar';
import { CollapsibleContent } from './CollapsibleContent';
import { ConfirmDialog } from './ConfirmDialog';
import { MessageContent } from './MessageContent';
import { CodePreviews } from './CodePreview';
import { MessageAttachments } from './MessageAttachments';
import { EditBox, FailedNotice, MessageActionsButton, ReplyQuote } from './MessageParts';
import { displayName, Handle, MaintainerBadge, ProfileLink } from './person';
import { ReactionChips } from './ReactionChips';
import { ReactionPicker } from './ReactionPicker';
import { useMessageRow } from './message-row-context';
import { AnswerQuote, AnsweredBadge, RepliedToThread, ThreadSummaryLine } from './ThreadParts';

export type { MessageActions } from './message-row-context';

export function authorName(author: ChatMessage['author']): string {
  return displayName(author);
}

export const DELETED_TEXT = 'This message was deleted';
export const REMOVED_TEXT = 'Message removed by a moderator';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** One row; what all rows share (the reader, the actions) comes from the list (message-row-context.ts). */
interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** First message of a run by one author: shows the avatar and name. */
  startsGroup: boolean;
  /** The author moderates the room (a 'Maintainer' badge beside the name). */
  authorIsModerator?: boolean;
  /** The message is one of the room's pinned messages. */
  pinned?: boolean;
  /** The reader ignores the author: the message is collapsed until 'Show'. */
  ignored?: boolean;
  /** The list's one Tab stop (roving focus): only its controls are in the Tab order. */
  active: boolean;
  editing: boolean;
  /** A linked message, marked for a few seconds after the room opened at it. */
  highlighted?: boolean;
}

/**
 * One message row. Memoized: the list passes stable callbacks and the reducer keeps untouched
 * messages as they were, so a room event re-renders only the rows it changes.
 */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  startsGroup,
  authorIsModerator = false,
  pinned = false,
  ignored = false,
  active,
  editing,
  highlighted = false,
}: MessageItemProps) {
  const { currentUserId, knownUsernames, people, actions, onEditingChange, onActivate, onJumpTo } = useMessageRow();
  const [actionsOpen, setActionsOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [shown, setShown] = useState(false);
  const collapsed = ignored && !shown && !message.deleted;
  const confirmed = message.status === 'sent';
  const deleted = message.deleted;
  const name = own ? 'You' : authorName(message.author);

  const closeEditor = () => onEditingChange(null);
  const save = (draft: string) => {
    closeEditor();
    // A blank or unchanged edit is ignored.
    if (draft.trim() && draft !== message.content) actions.onEdit(message.id, draft);
  };
  // A tap on the bubble shows the actions (touch screens have no hover); links keep working.
  const onBubbleClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a, button, textarea')) return;
    setActionsOpen((open) => !open);
  };
  const onFocus = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onActivate(message.id);
  };
  const showActions = confirmed && !editing && !deleted && !collapsed;

  if (collapsed) {
    return (
      <li
        data-testid="message"
        data-message-id={message.id}
        data-status={message.status}
        data-ignored="true"
        tabIndex={active ? 0 : -1}
        onFocus={onFocus}
        className={cn(
          'flex items-center gap-2 px-4 text-xs text-muted-foreground outline-none',
          startsGroup ? 'mt-3' : 'mt-0.5',
        )}
      >
        <div className="w-8 shrink-0" />
        <span className="italic" data-testid="message-ignored">
          Ignored message
        </span>
        <button
          type="button"
          tabIndex={active ? 0 : -1}
          className="rounded px-1 underline hover:text-foreground"
          onClick={() => setShown(true)}
        >
          Show
        </button>
      </li>
    );
  }

  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-status={message.status}
      data-author={authorName(message.author)}
      data-deleted={deleted || undefined}
      data-highlighted={highlighted ? 'true' : undefined}
      tabIndex={active ? 0 : -1}
      onFocus={onFocus}
      className={cn(
        'group flex gap-2 px-4 outline-none transition-colors duration-700 focus-visible:bg-accent/60',
        highlighted && 'bg-yellow-200/40 dark:bg-yellow-500/20',
        own && 'flex-row-reverse',
        startsGroup ? 'mt-3' : 'mt-0.5',
      )}
    >
      <div className="w-8 shrink-0">
        {startsGroup && (
          <ProfileLink user={message.author} tabbable={false} label={`${authorName(message.author)} profile`}>
            <Avatar src={message.author.avatar_url} name={authorName(message.author)} />
          </ProfileLink>
        )}
      </div>
      <div className={cn('flex max-w-[75%] min-w-0 flex-col', own && 'items-end')}>
        {startsGroup && (
          <div className={cn('mb-0.5 flex items-baseline gap-1.5 text-xs', own && 'flex-row-reverse')}>
            <ProfileLink user={message.author} tabbable={active} className="font-semibold text-foreground">
              <span data-testid="message-author">{name}</span>
            </ProfileLink>
            <Handle user={message.author} />
            {authorIsModerator && <MaintainerBadge />}
          </div>
        )}
        <div className={cn('relative flex items-start gap-1', own && 'flex-row-reverse')}>
          <div
            onClick={onBubbleClick}
            className={cn(
              'min-w-0 rounded-lg px-3 py-2',
              own ? 'bg-primary/10' : 'bg-muted',
              message.status === 'pending' && 'opacity-60',
              message.status === 'failed' && 'border border-destructive',
              deleted && 'border border-dashed bg-transparent',
            )}
          >
            {deleted ? (
              <p className="text-sm text-muted-foreground italic" data-testid="message-deleted">
                {message.removed_by_moderator ? REMOVED_TEXT : DELETED_TEXT}
              </p>
            ) : editing ? (
              <EditBox initial={message.content} onSave={save} onClose={closeEditor} />
            ) : (
              <>
                {message.also_in_room && actions.onOpenThread && (
                  <RepliedToThread
                    message={message}
                    tabbable={active}
                    onOpen={() => actions.onOpenThread?.(message.thread_root_id ?? message.id, message.id)}
                  />
                )}
                {message.reply_to && <ReplyQuote quote={message.reply_to} tabbable={active} onJumpTo={onJumpTo} />}
                {message.content !== '' && (
                  <CollapsibleContent text={message.content} tabbable={active}>
                    <MessageContent
                      content={message.content}
                      knownUsernames={knownUsernames}
                      tabbable={active}
                      references={message.references}
                    />
                  </CollapsibleContent>
                )}
                {message.attachments && <MessageAttachments attachments={message.attachments} tabbable={active} />}
                {message.status === 'sent' && <CodePreviews content={message.content} roomId={message.room_id} />}
              </>
            )}
            <div className={cn('mt-1 flex items-center gap-2 text-[11px] text-muted-foreground', own && 'justify-end')}>
              <time dateTime={message.created_at} title={fullTimeLabel(message.created_at)}>
                {timeFormat.format(new Date(message.created_at))}
              </time>
              {message.edited_at && !deleted && <span>(edited)</span>}
              {pinned && !deleted && <span data-testid="message-pinned">Pinned</span>}
              {message.thread?.answer && <AnsweredBadge />}
              {message.status === 'pending' && <span>Sending…</span>}
            </div>
          </div>
          {showActions && (
            <div
              data-testid="message-toolbar"
              className={cn(
                'flex items-center gap-0.5 group-focus-within:visible group-hover:visible has-[[data-state=open]]:visible',
                actionsOpen ? 'visible' : 'invisible',
              )}
            >
              {!actions.readOnly && <ReactionPicker onPick={(emoji) => actions.onToggleReaction(message.id, emoji)} />}
              <MessageActionsButton
                own={own && !actions.readOnly}
                pinned={pinned}
                actions={{
                  onReply: actions.onReply ? () => actions.onReply?.(message.id) : undefined,
                  onReplyInThread:
                    actions.onOpenThread && !message.thread_root_id
                      ? () => actions.onOpenThread?.(message.id)
                      : undefined,
                  onEdit: () => onEditingChange(message.id),
                  onCopy: () => actions.onCopy(message.content),
                  onCopyLink: () => actions.onCopyLink(message.id),
                  onDelete: () => setConfirmingDelete(true),
                  onPin: actions.onPin ? () => actions.onPin?.(message.id, !pinned) : undefined,
                  onMute:
                    !own && !authorIsModerator && actions.onMute ? () => actions.onMute?.(message.author) : undefined,
                  onBan:
                    !own && !authorIsModerator && actions.onBan ? () => actions.onBan?.(message.author) : undefined,
                  onRemove: !own && actions.onRemove ? () => setConfirmingRemove(true) : undefined,
                  onReport: !own && actions.onReport ? () => actions.onReport?.(message.id) : undefined,
                  ignoreLabel: !own && actions.onIgnore ? `Ignore ${authorName(message.author)}` : undefined,
                  onIgnore: !own && actions.onIgnore ? () => actions.onIgnore?.(message.author) : undefined,
                  onCreateIssue: actions.onCreateIssue ? () => actions.onCreateIssue?.(message.id) : undefined,
                }}
              />
            </div>
          )}
        </div>
        {message.thread?.answer && <AnswerQuote answer={message.thread.answer} />}
        {message.thread && actions.onOpenThread && (
          <ThreadSummaryLine
            thread={message.thread}
            tabbable={active}
            onOpen={() => actions.onOpenThread?.(message.id)}
          />
        )}
        {message.status === 'failed' && (
          <FailedNotice message={message} onRetry={() => actions.onRetry(message.client_id)} />
        )}
        {!deleted && (
          <ReactionChips
            reactions={message.reactions}
            currentUserId={currentUserId}
            people={people}
            tabbable={active}
            onToggle={(emoji) => confirmed && !actions.readOnly && actions.onToggleReaction(message.id, emoji)}
          />
        )}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete message?"
        description="Everyone in the room will see 'This message was deleted' in its place. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => actions.onDelete(message.id)}
      />
      {actions.onRemove && (
        <ConfirmDialog
          open={confirmingRemove}
          onOpenChange={setConfirmingRemove}
          title="Remove message?"
          description="Its text is deleted for everyone, who will see 'Message removed by a moderator' in its place. This cannot be undone."
          confirmLabel="Remove message"
          onConfirm={() => actions.onRemove?.(message.id)}
        />
      )}
    </li>
  );
});
