import { Ellipsis, RotateCw } from 'lucide-react';
import { lazy, useEffect, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../state/messages-state';
import { Button } from '../../../components/ui/Button';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import { Textarea } from '../../../components/ui/Input';
import { displayName } from './person';
import type { MessageActionsMenuProps } from './MessageActionsMenu';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

// The pieces of a message row (MessageItem.tsx): the inline editor, the actions button, a reply's
// quote and a failed send's notice.

// The menu's code is downloaded when a message's actions are first opened.
const loadActionsMenu = () => import('./MessageActionsMenu');
const MessageActionsMenu = lazy(loadActionsMenu);

export const ORIGINAL_DELETED_TEXT = 'Original message was deleted';

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
export function EditBox({
  initial,
  onSave,
  onClose,
}: {
  initial: string;
  onSave(text: string): void;
  onClose(): void;
}) {
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

export function MessageActionsButton(props: MessageActionsMenuProps) {
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
export function ReplyQuote({
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
          <span className="shrink-0 font-semibold">{displayName(quote.author)}</span>
          <span className="min-w-0 truncate text-muted-foreground" dir="auto">
            {quote.excerpt}
          </span>
        </>
      )}
    </button>
  );
}

/** Why a send failed, on the message itself; a rate-limited one counts down its wait. */
export function FailedNotice({ message, onRetry }: { message: ChatMessage; onRetry(): void }) {
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
