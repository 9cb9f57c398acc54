import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { RoomStateResponse } from '../../../../shared/api/room-state';
import { TYPING_THROTTLE_MS } from '../../../../shared/limits';
import { chatApi } from '../../../api/chat-endpoints';
import { apiFetch } from '../../../api/http';
import { getRealtimeClient, type ConnectionStatus } from '../../../api/realtime';
import { createRoomStore, type RoomCommands, type RoomStore } from '../state/room-store-context';

const PAGE_SIZE = 50;

/**
 * (Its one call is written here, not in client/api/endpoints.ts, whose every byte the home page
 * downloads.) The room's snapshot, opened around `around` when set.
 */
function readRoomState(roomId: string, around: string | undefined, signal?: AbortSignal) {
  const query = around ? `?around=${encodeURIComponent(around)}` : '';
  return apiFetch<RoomStateResponse>(
    `/api/rooms/${encodeURIComponent(roomId)}/state${query}`,
    signal ? { signal } : {},
  );
}

const isAbort = (error: unknown) => (error as { name?: string }).name === 'AbortError';

/** How often a reader who is not a member reads the room again (they have no subscription). */
export const READER_POLL_MS = 3_000;

/**
 * The room's one store, fed from the server: the snapshot when the room opens (around a linked
 * message when there is one), then every room event after its sequence from the shared socket,
 * with presence and typing; a resync reads a new snapshot and builds everything from it. Older
 * and newer pages, and the pins when a pinned message is not on screen, are read on demand.
 */
export function useRoomSync(
  roomId: string | undefined,
  {
    enabled,
    linkedId,
    selfId,
    member = true,
  }: {
    enabled: boolean;
    linkedId: string | null;
    selfId: string | null;
    /** An active member subscribes over the socket; anyone else reads the snapshot again every few seconds. */
    member?: boolean;
  },
) {
  const [store] = useState(createRoomStore);
  const [attempt, setAttempt] = useState(0);
  const opened = useRef<string | undefined>(undefined);
  const status = useSyncExternalStore<ConnectionStatus>(
    (onChange) => getRealtimeClient().onStatus(onChange),
    () => getRealtimeClient().getStatus(),
  );

  // The snapshot: on opening, and again when another message is linked.
  useEffect(() => {
    if (!enabled || !roomId) return;
    if (opened.current !== roomId) store.dispatch({ type: 'reset' });
    opened.current = roomId;
    const controller = new AbortController();
    readRoomState(roomId, linkedId ?? undefined, controller.signal)
      .then((snapshot) => store.dispatch({ type: 'snapshot', snapshot, selfId, around: linkedId }))
      .catch((error: unknown) => {
        if (!isAbort(error)) store.dispatch({ type: 'snapshot-failed' });
      });
    return () => controller.abort();
  }, [store, roomId, enabled, linkedId, selfId, attempt, member]);

  // The events after it, once it is in; one subscription for the visit of the room.
  const ready = useSyncExternalStore(store.subscribe, () => store.getState().status === 'ready');
  useEffect(() => {
    if (!roomId || !ready || !member) return;
    const stop = getRealtimeClient().subscribe(roomId, store.getState().lastSeq, {
      onEvent: (event, seq) => store.dispatch({ type: 'event', seq, event, at: new Date().toISOString() }),
      onResync: async () => {
        const snapshot = await readRoomState(roomId, undefined);
        store.dispatch({ type: 'snapshot', snapshot, selfId });
        return snapshot.last_seq;
      },
      onPresence: (onlineIds) => store.dispatch({ type: 'presence', onlineIds }),
      onTyping: (userId, ageMs) => store.dispatch({ type: 'typing', userId, ageMs, now: Date.now() }),
    });
    return () => {
      stop();
      store.dispatch({ type: 'presence', onlineIds: [] });
      store.dispatch({ type: 'typing-expired', now: Number.POSITIVE_INFINITY });
    };
  }, [store, roomId, ready, selfId, member]);

  // A reader who is not a member: the newest state, whenever the room has changed.
  useEffect(() => {
    if (!roomId || !ready || member) return;
    let controller: AbortController | null = null;
    const timer = setInterval(() => {
      if (controller) return;
      const reading = new AbortController();
      controller = reading;
      readRoomState(roomId, undefined, reading.signal)
        .then((snapshot) => {
          // Merged into what the reader has on screen: their place in the history stays.
          if (snapshot.last_seq > store.getState().lastSeq) store.dispatch({ type: 'refresh', snapshot, selfId });
        })
        .catch(() => undefined)
        .finally(() => {
          if (controller === reading) controller = null;
        });
    }, READER_POLL_MS);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [store, roomId, ready, selfId, member]);

  // Typing flags drop a few seconds after the last signal.
  const someoneTyping = useSyncExternalStore(store.subscribe, () => store.getState().typing.size > 0);
  useEffect(() => {
    if (!someoneTyping) return;
    const timer = setInterval(() => store.dispatch({ type: 'typing-expired', now: Date.now() }), 250);
    return () => clearInterval(timer);
  }, [store, someoneTyping]);

  // A message pinned outside the window: the list is read again.
  const pinsStale = useSyncExternalStore(store.subscribe, () => store.getState().pinsStale);
  useEffect(() => {
    if (!pinsStale || !roomId) return;
    const controller = new AbortController();
    chatApi.rooms
      .pins(roomId, { signal: controller.signal })
      .then(({ pins }) => store.dispatch({ type: 'pins', pins }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [store, roomId, pinsStale]);

  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);
  const commands = useRoomPaging(store, roomId, retryLoad);
  return { store, commands, connection: status };
}

/** Older and newer pages, the newest page again, the first load again, and the typing signal. */
function useRoomPaging(store: RoomStore, roomId: string | undefined, retryLoad: () => void): RoomCommands {
  const olderRequest = useRef<string | null>(null);
  const newerRequest = useRef<string | null>(null);
  const lastTypingSent = useRef(0);

  const page = useCallback(
    async (side: 'older' | 'newer') => {
      const cursor = side === 'older' ? store.getState().messages.nextCursor : store.getState().messages.newerCursor;
      const request = side === 'older' ? olderRequest : newerRequest;
      if (!roomId || !cursor || request.current === cursor) return;
      request.current = cursor;
      store.dispatch({ type: 'loading', side, loading: true });
      try {
        const position = side === 'older' ? { before: cursor } : { after: cursor };
        const found = await chatApi.messages.page(roomId, PAGE_SIZE, position);
        store.dispatch({
          type: 'messages',
          action:
            side === 'older'
              ? { type: 'older', messages: found.messages, nextCursor: found.next_cursor }
              : { type: 'newer', messages: found.messages, newerCursor: found.newer_cursor },
        });
      } catch {
        request.current = null;
      } finally {
        store.dispatch({ type: 'loading', side, loading: false });
      }
    },
    [store, roomId],
  );

  const jumpToLatest = useCallback(async () => {
    if (!roomId) return;
    const found = await chatApi.messages.page(roomId, PAGE_SIZE);
    store.dispatch({
      type: 'messages',
      action: { type: 'loaded', messages: found.messages, nextCursor: found.next_cursor, newerCursor: null },
    });
  }, [store, roomId]);

  const notifyTyping = useCallback(() => {
    if (!roomId) return;
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    lastTypingSent.current = now;
    getRealtimeClient().sendTyping(roomId);
  }, [roomId]);

  return useMemo(
    () => ({
      loadOlder: () => void page('older'),
      loadNewer: () => void page('newer'),
      jumpToLatest,
      retryLoad,
      notifyTyping,
    }),
    [page, jumpToLatest, retryLoad, notifyTyping],
  );
}
