import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { ApiRequestError } from '../../../api/http';
import { api } from '../../../api/endpoints';
import { initialMessagesState, messagesReducer } from '../state/messages-state';

const PAGE_SIZE = 50;

/** How the first page of a room opened: at the newest message, or around the one asked for. */
export type OpenedAt = 'newest' | 'anchor' | 'anchor-missing';

/**
 * Reading a room's messages: the first page is the newest one, or the page around `anchorId`
 * (a linked message, or the first unread one); older pages load above it and newer pages below
 * it on demand; room events are applied as they come. `lastSeq` is the sequence the first page
 * reflects (subscribe after it); null until it has loaded. `dispatch` is the same state's door
 * for the writing side (useMessageActions).
 */
export function useMessageHistory(roomId: string | undefined, enabled: boolean, anchorId?: string) {
  const [state, dispatch] = useReducer(messagesReducer, initialMessagesState);
  const [lastSeq, setLastSeq] = useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [openedAt, setOpenedAt] = useState<OpenedAt>('newest');
  const [attempt, setAttempt] = useState(0);
  const olderRequest = useRef<string | null>(null);
  const newerRequest = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !roomId) return;
    const controller = new AbortController();
    const { signal } = controller;
    dispatch({ type: 'reset' });
    const open = async () => {
      if (anchorId) {
        try {
          const page = await api.messages.page(roomId, PAGE_SIZE, { around: anchorId }, { signal });
          return { page, at: 'anchor' as const };
        } catch (error) {
          // A link to a message this room does not have: open at the newest message instead.
          if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
        }
      }
      const page = await api.messages.page(roomId, PAGE_SIZE, undefined, { signal });
      return { page, at: anchorId ? ('anchor-missing' as const) : ('newest' as const) };
    };
    open()
      .then(({ page, at }) => {
        setOpenedAt(at);
        dispatch({
          type: 'loaded',
          messages: page.messages,
          nextCursor: page.next_cursor,
          newerCursor: page.newer_cursor,
        });
        setLastSeq(page.last_seq);
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        dispatch({ type: 'load-failed' });
      });
    return () => controller.abort();
  }, [roomId, enabled, anchorId, attempt]);

  /** "Try again" after the first page failed. */
  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);

  /** Refetches the newest page (after a resync, or "Jump to latest") and resolves with its sequence. */
  const reload = useCallback(async (): Promise<number> => {
    if (!roomId) return 0;
    const page = await api.messages.page(roomId, PAGE_SIZE);
    dispatch({ type: 'loaded', messages: page.messages, nextCursor: page.next_cursor, newerCursor: null });
    return page.last_seq;
  }, [roomId]);

  const loadOlder = useCallback(async () => {
    const cursor = state.nextCursor;
    if (!roomId || !cursor || olderRequest.current === cursor) return;
    olderRequest.current = cursor;
    setLoadingOlder(true);
    try {
      const page = await api.messages.page(roomId, PAGE_SIZE, { before: cursor });
      dispatch({ type: 'older', messages: page.messages, nextCursor: page.next_cursor });
    } catch {
      olderRequest.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [roomId, state.nextCursor]);

  const loadNewer = useCallback(async () => {
    const cursor = state.newerCursor;
    if (!roomId || !cursor || newerRequest.current === cursor) return;
    newerRequest.current = cursor;
    setLoadingNewer(true);
    try {
      const page = await api.messages.page(roomId, PAGE_SIZE, { after: cursor });
      dispatch({ type: 'newer', messages: page.messages, newerCursor: page.newer_cursor });
    } catch {
      newerRequest.current = null;
    } finally {
      setLoadingNewer(false);
    }
  }, [roomId, state.newerCursor]);

  const applyEvent = useCallback((event: RoomEvent) => dispatch({ type: 'event', event }), []);

  return {
    messages: state.messages,
    loaded: state.loaded,
    failed: state.failed,
    openedAt,
    hasOlder: state.nextCursor !== null,
    hasNewer: state.newerCursor !== null,
    missedNewer: state.missedNewer,
    loadingOlder,
    loadingNewer,
    lastSeq,
    loadOlder,
    loadNewer,
    reload,
    retryLoad,
    applyEvent,
    dispatch,
  };
}
