import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TYPING_THROTTLE_MS } from '../../../../shared/limits';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { getRealtimeClient, type ConnectionStatus } from '../../../api/realtime';
import { clearTyping, pruneTyping, receiveTyping, type TypingFlags } from '../state/typing-state';

export interface RoomRealtimeOptions {
  /** Subscribe only once the first messages page is in: events continue from `afterSeq`. */
  afterSeq: number | null;
  currentUserId: string | undefined;
  onEvent(event: RoomEvent): void;
  /** Refetch everything shown from the room; resolves with the sequence it reflects. */
  onResync(): Promise<number>;
}

/** Live room state over the shared socket: events, who is online, who is typing. */
export function useRoomRealtime(roomId: string | undefined, options: RoomRealtimeOptions) {
  const [onlineIds, setOnlineIds] = useState<ReadonlySet<string>>(new Set());
  const [typing, setTyping] = useState<TypingFlags>(new Map());
  const status = useSyncExternalStore<ConnectionStatus>(
    (onChange) => getRealtimeClient().onStatus(onChange),
    () => getRealtimeClient().getStatus(),
  );
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const lastTypingSent = useRef(0);
  const ready = options.afterSeq !== null;

  useEffect(() => {
    if (!roomId || !ready) return;
    const client = getRealtimeClient();
    const stop = client.subscribe(roomId, latest.current.afterSeq ?? 0, {
      onEvent: (event) => {
        if (event.type === 'message.created') setTyping((flags) => clearTyping(flags, event.message.user_id));
        latest.current.onEvent(event);
      },
      onResync: () => latest.current.onResync(),
      onPresence: (ids) => setOnlineIds(new Set(ids)),
      onTyping: (userId, ageMs) => {
        if (userId === latest.current.currentUserId) return;
        setTyping((flags) => receiveTyping(flags, userId, ageMs, Date.now()));
      },
    });
    return () => {
      stop();
      setOnlineIds(new Set());
      setTyping(new Map());
    };
  }, [roomId, ready]);

  const hasTyping = typing.size > 0;
  useEffect(() => {
    if (!hasTyping) return;
    const timer = setInterval(() => setTyping((flags) => pruneTyping(flags, Date.now())), 250);
    return () => clearInterval(timer);
  }, [hasTyping]);

  /** Call on every keystroke; the signal goes out at most once per 1.8 s. */
  const notifyTyping = useCallback(() => {
    if (!roomId) return;
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    lastTypingSent.current = now;
    getRealtimeClient().sendTyping(roomId);
  }, [roomId]);

  return { onlineIds, typingUserIds: [...typing.keys()], status, notifyTyping };
}
