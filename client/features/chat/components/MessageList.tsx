import { MessageSquare } from 'lucide-react';
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import type { ChatMessage } from '../state/messages-state';
import { useNow } from '../../../hooks/useNow';
import { localDayKey } from '../../../lib/day-label';
import { DayDivider, JumpToLatest, LoadFailed, NewMessagesDivider } from './ListMarkers';
import { MessageItem } from './MessageItem';
import { MessageRowContext, type MessageActions } from './message-row-context';
import type { RepoActivityDto } from '../../../../shared/api/repo-activity';
import { placeActivity } from '../state/activity-placement';
import { ActivityRow } from './ActivityRow';

/** Where the first page opened: a linked message (highlighted) or the first unread one. */
export interface ListAnchor {
  id: string;
  kind: 'link' | 'unread';
}

/** How long a linked message stays highlighted. */
export const HIGHLIGHT_MS = 4000;

/** Where the loaded window of messages stands (the store's messages state). */
export interface MessageWindow {
  loaded: boolean;
  /** The first page failed to load ("Couldn't load messages"). */
  failed?: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The window ends before the newest message (opened around a message). */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  /** Messages created beyond the window, counted on "Jump to latest". */
  missedNewer?: number;
}

/** Moving the window. */
export interface MessagePaging {
  onLoadOlder(): void;
  onLoadNewer?(): void;
  /** Loads the newest page (when the window does not reach it); the list then scrolls to the bottom. */
  onJumpToLatest?(): Promise<unknown>;
  onRetryLoad?(): void;
}

/** Who reads the list and what they know of the room. */
export interface MessageListContext {
  repoName: string;
  currentUserId: string | undefined;
  knownUsernames: ReadonlySet<string>;
  /** Members by id (names for reactions). */
  people: ReadonlyMap<string, UserSummaryDto>;
  /** Ids of the room's moderators (their messages carry a 'Maintainer' badge). */
  moderatorIds?: ReadonlySet<string> | undefined;
  /** Ids of the room's pinned messages. */
  pinnedIds?: ReadonlySet<string> | undefined;
  /** People the reader ignores: their messages are collapsed. */
  ignoredIds?: ReadonlySet<string> | undefined;
}

export interface MessageListProps {
  messages: ChatMessage[];
  status: MessageWindow;
  paging: MessagePaging;
  context: MessageListContext;
  actions: MessageActions;
  /** The message being edited inline (one at a time), or null, and the change of it. */
  editing: { id: string | null; onChange(messageId: string | null): void };
  /** Where the room opened: a linked message or the first unread one ("New messages" above it). */
  opening?: { anchor: ListAnchor | null; unreadFromId: string | null };
  /** The newest message on screen in a visible, focused tab (for the read position). */
  onSeen?(messageId: string): void;
  /** Opens the room at a message that is not loaded (a reply's original outside the window). */
  onOpenMessage?(messageId: string): void;
  /** The repository's activity rows, oldest first, shown among the messages by time. */
  activity?: readonly RepoActivityDto[];
}

/** How close to the bottom (px) still counts as "reading the latest". */
const NEAR_BOTTOM_PX = 120;
const LOAD_OLDER_PX = 80;
const LOAD_NEWER_PX = 200;

/**
 * The conversation. Follows new messages with a smooth scroll while the reader is at the bottom
 * (or just sent one), keeps its place when older pages are prepended, and asks for older pages
 * when scrolled to the top.
 */
export function MessageList({
  messages,
  status: { loaded, failed = false, hasOlder, loadingOlder, hasNewer = false, loadingNewer = false, missedNewer = 0 },
  paging: { onLoadOlder, onLoadNewer, onJumpToLatest, onRetryLoad },
  context: { repoName, currentUserId, knownUsernames, people, moderatorIds, pinnedIds, ignoredIds },
  actions,
  editing: { id: editingId, onChange: onEditingChange },
  opening,
  onSeen,
  onOpenMessage,
  activity = [],
}: MessageListProps) {
  const placed = useMemo(
    () => placeActivity(messages, activity, { hasOlder, hasNewer }),
    [messages, activity, hasOlder, hasNewer],
  );
  const anchor = opening?.anchor ?? null;
  const unreadFromId = opening?.unreadFromId ?? null;
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
  const hadNewer = useRef(hasNewer);
  const scrollToBottomNext = useRef(false);
  // Messages that arrived while the reader was scrolled up: the "Jump to latest" button counts them.
  // The newest message the reader had reached at the bottom; what came after it is "new".
  const [reachedId, setReachedId] = useState<string | null>(null);
  const [scrolledUp, setScrolledUp] = useState(false);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);

  // A new opening (another linked message) scrolls again once its page is in: the opening comes
  // with its page, so it is checked in the same layout effect that scrolls to it.
  const openedAt = useRef(anchor?.id);

  const reportSeen = useCallback(() => {
    const element = scroller.current;
    if (!element || !onSeen) return;
    if (document.visibilityState !== 'visible' || !document.hasFocus()) return;
    const bottom = element.getBoundingClientRect().bottom;
    const items = element.querySelectorAll<HTMLElement>('[data-testid="message"][data-status="sent"]');
    for (let i = items.length - 1; i >= 0; i -= 1) {
      const item = items[i]!;
      const box = item.getBoundingClientRect();
      // The newest message whose top is on screen counts as seen.
      if (box.height > 0 && box.top < bottom) {
        if (item.dataset.messageId) onSeen(item.dataset.messageId);
        return;
      }
    }
  }, [onSeen]);

  // Measure before React paints the new list, so a prepended page can keep the reader's place.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1];
    const prepended = firstId.current !== undefined && first !== firstId.current && last?.id === lastId.current;
    const pageBelow = hadNewer.current;
    if (openedAt.current !== anchor?.id) {
      openedAt.current = anchor?.id;
      didInitialScroll.current = false;
    }
    if (scrollToBottomNext.current && !hasNewer && messages.length > 0) {
      scrollToBottomNext.current = false;
      element.scrollTop = element.scrollHeight;
    } else if (prepended) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
    } else if (!didInitialScroll.current && loaded && messages.length > 0) {
      didInitialScroll.current = true;
      scrollToOpening(element, anchor);
      const linked = anchor?.kind === 'link' ? anchor.id : null;
      if (linked) requestAnimationFrame(() => setHighlightedId(linked));
    } else if (last && last.id !== lastId.current && pageBelow) {
      // A newer page came in below: the reader stays where they are.
    } else if (last && last.id !== lastId.current && (nearBottom.current || last.user_id === currentUserId)) {
      element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    } else if (nearBottom.current && !hasNewer) {
      element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    }
    firstId.current = first;
    lastId.current = last?.id;
    heightBefore.current = element.scrollHeight;
    hadNewer.current = hasNewer;
  }, [messages, currentUserId, loaded, anchor, hasNewer]);

  useEffect(() => {
    const element = scroller.current;
    if (element) heightBefore.current = element.scrollHeight;
  });

  // The highlight of a linked message fades after a few seconds.
  useEffect(() => {
    if (!highlightedId) return;
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  // What is on screen counts as read after each change, and when the tab is visible and focused again.
  useEffect(() => {
    reportSeen();
  }, [messages, reportSeen]);
  useEffect(() => {
    window.addEventListener('focus', reportSeen);
    document.addEventListener('visibilitychange', reportSeen);
    return () => {
      window.removeEventListener('focus', reportSeen);
      document.removeEventListener('visibilitychange', reportSeen);
    };
  }, [reportSeen]);

  // A reply's quote shows its original: scrolled to the middle and highlighted when it is loaded,
  // else the room opens around it (and highlights it then).
  const onJumpTo = useCallback(
    (messageId: string) => {
      const element = scroller.current;
      const target = [...(element?.querySelectorAll<HTMLElement>('[data-testid="message"]') ?? [])].find(
        (item) => item.dataset.messageId === messageId,
      );
      if (!element || !target) {
        onOpenMessage?.(messageId);
        return;
      }
      const offset = target.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
      element.scrollTo({ top: offset - (element.clientHeight - target.offsetHeight) / 2, behavior: 'smooth' });
      setHighlightedId(messageId);
      setActiveId(messageId);
    },
    [onOpenMessage],
  );

  const rowContext = useMemo(
    () => ({ currentUserId, knownUsernames, people, actions, onEditingChange, onActivate: setActiveId, onJumpTo }),
    [currentUserId, knownUsernames, people, actions, onEditingChange, onJumpTo],
  );

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    nearBottom.current = distance < NEAR_BOTTOM_PX;
    setScrolledUp(!nearBottom.current);
    if (nearBottom.current && !hasNewer) setReachedId(messages[messages.length - 1]?.id ?? null);
    if (element.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
    if (distance < LOAD_NEWER_PX && hasNewer && !loadingNewer) onLoadNewer?.();
    reportSeen();
  };

  const jumpToLatest = () => {
    const element = scroller.current;
    if (hasNewer && onJumpToLatest) {
      scrollToBottomNext.current = true;
      void onJumpToLatest();
      return;
    }
    element?.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  };
  // Scrolled up at the newest page: the view stays put and the button counts what arrived below.
  const reachedIndex = reachedId ? messages.findIndex((m) => m.id === reachedId) : -1;
  const unseenBelow =
    scrolledUp && reachedIndex >= 0
      ? messages.slice(reachedIndex + 1).filter((m) => m.status === 'sent' && m.user_id !== currentUserId).length
      : 0;
  const waitingBelow = hasNewer ? missedNewer : unseenBelow;

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
        {failed ? (
          <LoadFailed onRetry={() => onRetryLoad?.()} />
        ) : loaded && messages.length === 0 && placed.after.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">Welcome to the discussion</h2>
            <p className="text-sm text-muted-foreground">
              This is the beginning of your conversation about {repoName}. Start by saying hello!
            </p>
          </div>
        ) : (
          <MessageRowContext value={rowContext}>
            <ol aria-label="Messages" aria-live="polite" aria-relevant="additions" onKeyDown={onListKeyDown}>
              {messages.map((message, index) => {
                const previous = messages[index - 1];
                const day = localDayKey(new Date(message.created_at));
                const newDay = !previous || localDayKey(new Date(previous.created_at)) !== day;
                return (
                  <Fragment key={message.client_id ? `${message.user_id}:${message.client_id}` : message.id}>
                    {newDay && <DayDivider at={message.created_at} now={now} />}
                    {placed.before.get(message.id)?.map((row) => (
                      <ActivityRow key={row.id} activity={row} />
                    ))}
                    {message.id === unreadFromId && <NewMessagesDivider />}
                    <MessageItem
                      message={message}
                      own={message.user_id === currentUserId}
                      startsGroup={newDay || !previous || previous.user_id !== message.user_id}
                      authorIsModerator={moderatorIds?.has(message.user_id) ?? false}
                      pinned={pinnedIds?.has(message.id) ?? false}
                      ignored={message.user_id !== currentUserId && (ignoredIds?.has(message.user_id) ?? false)}
                      active={message.id === active}
                      editing={message.id === editingId}
                      highlighted={message.id === highlightedId}
                    />
                  </Fragment>
                );
              })}
              {placed.after.map((row) => (
                <ActivityRow key={row.id} activity={row} />
              ))}
            </ol>
          </MessageRowContext>
        )}
      </div>
      {hasNewer && loadingNewer && (
        <p role="status" className="py-2 text-center text-xs text-muted-foreground">
          Loading newer messages...
        </p>
      )}
      {(scrolledUp || hasNewer || unseenBelow > 0) && messages.length > 0 && !failed && (
        <JumpToLatest count={waitingBelow} onClick={jumpToLatest} />
      )}
    </div>
  );
}

/** First view of a room: the linked message in the middle, "New messages" near the top, or the bottom. */
function scrollToOpening(element: HTMLElement, anchor: ListAnchor | null): void {
  const target =
    anchor?.kind === 'unread'
      ? element.querySelector<HTMLElement>('[data-testid="new-messages-divider"]')
      : anchor
        ? element.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(anchor.id)}"]`)
        : null;
  if (!target) {
    element.scrollTop = element.scrollHeight;
    return;
  }
  const offset = target.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
  element.scrollTop =
    anchor?.kind === 'unread' ? offset - 16 : offset - (element.clientHeight - target.offsetHeight) / 2;
}
