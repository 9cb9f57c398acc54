import { ArrowDown, MessageSquare } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import type { ChatMessage } from '../state/messages-state';
import { Button } from '../../../components/ui/Button';
import { useNow } from '../../../hooks/useNow';
import { dayLabel, localDayKey } from '../../../lib/day-label';
import { MessageItem, type MessageActions } from './MessageItem';

/** Shown while the reader is away from the newest message; counts what arrived meanwhile. */
function JumpToLatest({ count, onClick }: { count: number; onClick(): void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
      <Button
        size="sm"
        className="pointer-events-auto rounded-full shadow-md"
        onClick={onClick}
        aria-label={
          count > 0 ? `Jump to latest, ${count} new ${count === 1 ? 'message' : 'messages'}` : 'Jump to latest'
        }
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
        Jump to latest
        {count > 0 && (
          <span className="rounded-full bg-primary-foreground/20 px-1.5 text-xs" data-testid="jump-to-latest-count">
            {count > 99 ? '99+' : count} new
          </span>
        )}
      </Button>
    </div>
  );
}

/** "Today", "Yesterday" or the date, between the messages of two days. */
function DayDivider({ at, now }: { at: string; now: number }) {
  return (
    <li
      role="separator"
      aria-label={dayLabel(at, new Date(now))}
      data-testid="day-divider"
      className="mt-4 mb-1 flex items-center gap-3 px-4"
    >
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      <span className="text-xs font-medium text-muted-foreground">{dayLabel(at, new Date(now))}</span>
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </li>
  );
}

interface MessageListProps extends MessageActions {
  messages: ChatMessage[];
  loaded: boolean;
  repoName: string;
  currentUserId: string | undefined;
  knownUsernames: ReadonlySet<string>;
  /** Members by id (names for reactions). */
  people: ReadonlyMap<string, UserSummaryDto>;
  /** The message being edited inline (one at a time), or null. */
  editingId: string | null;
  onEditingChange(messageId: string | null): void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

/** How close to the bottom (px) still counts as "reading the latest". */
const NEAR_BOTTOM_PX = 120;
const LOAD_OLDER_PX = 80;

/**
 * The conversation. Follows new messages with a smooth scroll while the reader is at the bottom
 * (or just sent one), keeps its place when older pages are prepended, and asks for older pages
 * when scrolled to the top.
 */
export function MessageList({
  messages,
  loaded,
  repoName,
  currentUserId,
  knownUsernames,
  people,
  editingId,
  onEditingChange,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  ...actions
}: MessageListProps) {
  // Roving focus: the list is one Tab stop (the active message, the newest by default) and the
  // arrow keys move between messages, instead of a Tab stop for every control of every message.
  const [activeId, setActiveId] = useState<string | null>(null);
  // "Today" becomes "Yesterday" at midnight without a reload.
  const now = useNow();
  const active = messages.some((m) => m.id === activeId) ? activeId : (messages[messages.length - 1]?.id ?? null);

  const onListKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, (index: number, count: number) => number> = {
      ArrowUp: (i) => i - 1,
      ArrowDown: (i) => i + 1,
      Home: () => 0,
      End: (_, count) => count - 1,
    };
    const move = moves[event.key];
    // Only when a message itself has focus: arrows inside the edit box or a menu keep their meaning.
    const item = event.target as HTMLElement;
    if (!move || item.dataset.testid !== 'message') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope > [data-testid="message"]')];
    const next = items[Math.min(items.length - 1, Math.max(0, move(items.indexOf(item), items.length)))];
    event.preventDefault();
    if (!next) return;
    setActiveId(next.dataset.messageId ?? null);
    next.focus();
  };
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const firstId = useRef<string | undefined>(undefined);
  const lastId = useRef<string | undefined>(undefined);
  const heightBefore = useRef(0);
  const didInitialScroll = useRef(false);
  // Messages that arrived while the reader was scrolled up: the "Jump to latest" button counts them.
  const [unseenBelow, setUnseenBelow] = useState(0);
  const [scrolledUp, setScrolledUp] = useState(false);

  // Measure before React paints the new list, so a prepended page can keep the reader's place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1];
    const prepended = firstId.current !== undefined && first !== firstId.current && last?.id === lastId.current;
    if (prepended) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
    } else if (!didInitialScroll.current && messages.length > 0) {
      didInitialScroll.current = true;
      element.scrollTop = element.scrollHeight;
    } else if (last && last.id !== lastId.current && (nearBottom.current || last.user_id === currentUserId)) {
      element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    } else if (last && last.id !== lastId.current && lastId.current !== undefined) {
      // Scrolled up: the view stays put and the button counts what arrived below.
      const known = messages.findIndex((m) => m.id === lastId.current);
      const arrived = known === -1 ? 1 : messages.length - 1 - known;
      setUnseenBelow((count) => count + arrived);
    } else if (nearBottom.current) {
      element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    }
    firstId.current = first;
    lastId.current = last?.id;
    heightBefore.current = element.scrollHeight;
  }, [messages, currentUserId]);

  useEffect(() => {
    const element = scroller.current;
    if (element) heightBefore.current = element.scrollHeight;
  });

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    setScrolledUp(!nearBottom.current);
    if (nearBottom.current) setUnseenBelow(0);
    if (element.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const jumpToLatest = () => {
    const element = scroller.current;
    setUnseenBelow(0);
    element?.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto py-4"
        data-testid="message-scroller"
      >
        {hasOlder && (
          <div className="flex justify-center py-2">
            <button
              type="button"
              className="text-xs text-muted-foreground underline-offset-2 hover:underline"
              onClick={onLoadOlder}
              disabled={loadingOlder}
            >
              {loadingOlder ? 'Loading older messages...' : 'Load older messages'}
            </button>
          </div>
        )}
        {loaded && messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">Welcome to the discussion</h2>
            <p className="text-sm text-muted-foreground">
              This is the beginning of your conversation about {repoName}. Start by saying hello!
            </p>
          </div>
        ) : (
          <ol aria-label="Messages" aria-live="polite" aria-relevant="additions" onKeyDown={onListKeyDown}>
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              const day = localDayKey(new Date(message.created_at));
              const newDay = !previous || localDayKey(new Date(previous.created_at)) !== day;
              return (
                <Fragment key={message.client_id ? `${message.user_id}:${message.client_id}` : message.id}>
                  {newDay && <DayDivider at={message.created_at} now={now} />}
                  <MessageItem
                    message={message}
                    own={message.user_id === currentUserId}
                    startsGroup={newDay || !previous || previous.user_id !== message.user_id}
                    currentUserId={currentUserId}
                    knownUsernames={knownUsernames}
                    people={people}
                    active={message.id === active}
                    editing={message.id === editingId}
                    onEditingChange={onEditingChange}
                    onActivate={setActiveId}
                    {...actions}
                  />
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      {(scrolledUp || unseenBelow > 0) && messages.length > 0 && (
        <JumpToLatest count={unseenBelow} onClick={jumpToLatest} />
      )}
    </div>
  );
}
