import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { MessagesPageResponse } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { apiFetch } from '../../../api/http';
import { initialMessagesState, messagesReducer } from '../state/messages-state';

const PAGE_SIZE = 50;

function messagesUrl(roomId: string, before?: string): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before) query.set('before', before);
  return `/api/rooms/${encodeURIComponent(roomId)}/messages?${query.toString()}`;
}

/**
 * Reading a room's messages: newest page first, older pages on demand, room events applied as they
 * come. `lastSeq` is the sequence the first page reflects (subscribe after it); null until it has
 * loaded. `dispatch` is the same state's door for the writing side (useMessageActions).
 */
export function useMessageHistory(roomId: string | undefined, enabled: boolean) {
  const [state, dispatch] = useReducer(messagesReducer, initialMessagesState);
  const [lastSeq, setLastSeq] = useState<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderRequest = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !roomId) return;
    const controller = new AbortController();
    apiFetch<MessagesPageResponse>(messagesUrl(roomId), { signal: controller.signal })
      .then((page) => {
        dispatch({ type: 'loaded', messages: page.messages, nextCursor: page.next_cursor });
        setLastSeq(page.last_seq);
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        // An empty room view is better than none; a resync or reload fills it.
        dispatch({ type: 'loaded', messages: [], nextCursor: null });
        setLastSeq(0);
      });
    return () => controller.abort();
  }, [roomId, enabled]);

  /** Refetches the newest page (after a resync) and resolves with the sequence it reflects. */
  const reload = useCallback(async (): Promise<number> => {
    if (!roomId) return 0;
    const page = await apiFetch<MessagesPageResponse>(messagesUrl(roomId));
    dispatch({ type: 'loaded', messages: page.messages, nextCursor: page.next_cursor });
    return page.last_seq;
  }, [roomId]);

  const loadOlder = useCallback(async () => {
    const cursor = state.nextCursor;
    if (!roomId || !cursor || olderRequest.current === cursor) return;
    olderRequest.current = cursor;
    setLoadingOlder(true);
    try {
      const page = await apiFetch<MessagesPageResponse>(messagesUrl(roomId, cursor));
      dispatch({ type: 'older', messages: page.messages, nextCursor: page.next_cursor });
    } catch {
      olderRequest.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [roomId, state.nextCursor]);

  const applyEvent = useCallback((event: RoomEvent) => dispatch({ type: 'event', event }), []);

  return {
    messages: state.messages,
    loaded: state.loaded,
    hasOlder: state.nextCursor !== null,
    loadingOlder,
    lastSeq,
    loadOlder,
    reload,
    applyEvent,
    dispatch,
  };
}
