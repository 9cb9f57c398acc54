import { Ellipsis, RotateCw } from 'lucide-react';
import { lazy, memo, useEffect, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import type { ChatMessage } from '../state/messages-state';
import { cn } from '../../../lib/cn';
import { fullTimeLabel } from '../../../lib/day-label';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import { Textarea } from '../../../components/ui/Input';
import { ConfirmDialog } from './ConfirmDialog';
import { MessageContent } from './MessageContent';
import { displayName, Handle, MaintainerBadge, ProfileLink } from './person';
import { ReactionChips } from './ReactionChips';
import type { MessageActionsMenuProps } from './MessageActionsMenu';
import { ReactionPicker } from './ReactionPicker';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

// The menu's code is downloaded when a message's actions are first opened.
const loadActionsMenu = () => import('./MessageActionsMenu');
const MessageActionsMenu = lazy(loadActionsMenu);

export interface MessageActions {
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
  /** Shows a message of the room (a reply's original): scrolled to and highlighted, loaded if need be. */
  onJumpTo?(messageId: string): void;
}

export function authorName(author: ChatMessage['author']): string {
  return displayName(author);
}

export const DELETED_TEXT = 'This message was deleted';
export const ORIGINAL_DELETED_TEXT = 'Original message was deleted';
export const REMOVED_TEXT = 'Message removed by a moderator';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

interface MessageItemProps extends MessageActions {
  message: ChatMessage;
  own: boolean;
  /** First message of a run by one author: shows the avatar and name. */
  startsGroup: boolean;
  currentUserId: string | undefined;
  knownUsernames: ReadonlySet<string>;
  /** Members by id (names for reactions). */
  people: ReadonlyMap<string, UserSummaryDto>;
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
  /** Opens the inline editor on a message (its id) or closes it (null). */
  onEditingChange(messageId: string | null): void;
  /** The message took focus: it becomes the list's Tab stop. */
  onActivate(messageId: string): void;
}

/** Seconds left until `at` (ms), ticking once a second while positive. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The inline editor: starts from the message text; Enter or Save saves, Escape or Cancel closes. */
function EditBox({ initial, onSave, onClose }: { initial: string; onSave(text: string): void; onClose(): void }) {
  const [draft, setDraft] = useState(initial);
  const onEditKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') onClose();
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSave(draft);
    }
  };
  return (
    <div className="flex min-w-64 flex-col gap-2">
      <Textarea
        aria-label="Edit message"
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onEditKey}
        className="min-h-16"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => onSave(draft)}>
          Save
        </Button>
      </div>
    </div>
  );
}

function MessageActionsButton(props: MessageActionsMenuProps) {
  return (
    <LoadOnUse
      preload={() => void loadActionsMenu()}
      placeholder={(handlers) => (
        <button
          type="button"
          aria-label="Message actions"
          aria-haspopup="menu"
          aria-expanded={false}
          className={TOOLBAR_BUTTON_CLASS}
          {...handlers}
        >
          <Ellipsis className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    >
      <MessageActionsMenu {...props} defaultOpen />
    </LoadOnUse>
  );
}

/** A reply's compact quote of its original (author and first line); a click shows the original. */
function ReplyQuote({
  quote,
  tabbable,
  onJumpTo,
}: {
  quote: NonNullable<ChatMessage['reply_to']>;
  tabbable: boolean;
  onJumpTo?: ((messageId: string) => void) | undefined;
}) {
  return (
    <button
      type="button"
      data-testid="reply-quote"
      data-reply-to={quote.message_id}
      tabIndex={tabbable ? 0 : -1}
      title="Show the original message"
      onClick={() => onJumpTo?.(quote.message_id)}
      className="mb-1 flex max-w-full min-w-0 items-baseline gap-1.5 rounded border-l-2 border-primary/60 bg-background/60 px-2 py-0.5 text-left text-xs hover:bg-background"
    >
      {quote.deleted ? (
        <span className="text-muted-foreground italic">{ORIGINAL_DELETED_TEXT}</span>
      ) : (
        <>
          <span className="shrink-0 font-semibold">{authorName(quote.author)}</span>
          <span className="min-w-0 truncate text-muted-foreground" dir="auto">
            {quote.excerpt}
          </span>
        </>
      )}
    </button>
  );
}

/** Why a send failed, on the message itself; a rate-limited one counts down its wait. */
function FailedNotice({ message, onRetry }: { message: ChatMessage; onRetry(): void }) {
  const wait = useSecondsUntil(message.retryAt);
  const reason =
    message.failure === 'rate-limited'
      ? wait > 0
        ? `Try again in ${wait} s`
        : 'You can send it again now'
      : (message.error ?? 'Failed to send message');
  return (
    <div role="alert" className="mt-1 flex items-center gap-2 text-xs text-destructive" data-testid="send-failure">
      <span>{reason}</span>
      <Button size="sm" variant="outline" className="h-6 px-2" onClick={onRetry}>
        <RotateCw className="h-3 w-3" aria-hidden="true" /> Retry
      </Button>
    </div>
  );
}

/**
 * One message row. Memoized: the list passes stable callbacks and the reducer keeps untouched
 * messages as they were, so a room event re-renders only the rows it changes.
 */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  startsGroup,
  currentUserId,
  knownUsernames,
  people,
  authorIsModerator = false,
  pinned = false,
  ignored = false,
  active,
  editing,
  highlighted = false,
  onEditingChange,
  onActivate,
  ...actions
}: MessageItemProps) {
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
                {message.reply_to && (
                  <ReplyQuote quote={message.reply_to} tabbable={active} onJumpTo={actions.onJumpTo} />
                )}
                <MessageContent
                  content={message.content}
                  knownUsernames={knownUsernames}
                  tabbable={active}
                  references={message.references}
                />
              </>
            )}
            <div className={cn('mt-1 flex items-center gap-2 text-[11px] text-muted-foreground', own && 'justify-end')}>
              <time dateTime={message.created_at} title={fullTimeLabel(message.created_at)}>
                {timeFormat.format(new Date(message.created_at))}
              </time>
              {message.edited_at && !deleted && <span>(edited)</span>}
              {pinned && !deleted && <span data-testid="message-pinned">Pinned</span>}
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
              <ReactionPicker onPick={(emoji) => actions.onToggleReaction(message.id, emoji)} />
              <MessageActionsButton
                own={own}
                onReply={actions.onReply ? () => actions.onReply?.(message.id) : undefined}
                onEdit={() => onEditingChange(message.id)}
                onCopy={() => actions.onCopy(message.content)}
                onCopyLink={() => actions.onCopyLink(message.id)}
                onDelete={() => setConfirmingDelete(true)}
                pinned={pinned}
                onPin={actions.onPin ? () => actions.onPin?.(message.id, !pinned) : undefined}
                onMute={
                  !own && !authorIsModerator && actions.onMute ? () => actions.onMute?.(message.author) : undefined
                }
                onBan={!own && !authorIsModerator && actions.onBan ? () => actions.onBan?.(message.author) : undefined}
                onRemove={!own && actions.onRemove ? () => setConfirmingRemove(true) : undefined}
                onReport={!own && actions.onReport ? () => actions.onReport?.(message.id) : undefined}
                ignoreLabel={!own && actions.onIgnore ? `Ignore ${authorName(message.author)}` : undefined}
                onIgnore={!own && actions.onIgnore ? () => actions.onIgnore?.(message.author) : undefined}
              />
            </div>
          )}
        </div>
        {message.status === 'failed' && (
          <FailedNotice message={message} onRetry={() => actions.onRetry(message.client_id)} />
        )}
        {!deleted && (
          <ReactionChips
            reactions={message.reactions}
            currentUserId={currentUserId}
            people={people}
            tabbable={active}
            onToggle={(emoji) => confirmed && actions.onToggleReaction(message.id, emoji)}
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
