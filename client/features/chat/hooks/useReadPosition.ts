import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { api } from '../../../api/endpoints';
import { UNREAD_QUERY_KEY } from '../../../hooks/useUnread';
import type { ChatMessage } from '../state/messages-state';

/** Scrolling through many messages becomes one request. */
const DEBOUNCE_MS = 800;

/**
 * Moves the user's read position in a room as messages are seen (the list reports the newest one
 * on screen in a visible, focused tab). Only forward, debounced; the server keeps the position and
 * tells the user's other tabs and devices.
 */
export function useReadPosition(roomId: string | undefined, messages: ChatMessage[]) {
  const queryClient = useQueryClient();
  const order = useRef(new Map<string, string>());
  const sent = useRef<{ roomId: string; at: string } | null>(null);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Messages compare by (created_at, id), the server's order. A layout effect: the list reports
  // what is on screen from its own (passive) effect as soon as new messages render, and those run
  // after every layout effect, so the order already knows them.
  useLayoutEffect(() => {
    order.current = new Map(messages.map((m) => [m.id, `${m.created_at}|${m.id}`]));
  }, [messages]);

  const flush = useCallback(() => {
    timer.current = null;
    const messageId = pending.current;
    pending.current = null;
    if (!roomId || !messageId) return;
    api.readState
      .markRead(roomId, messageId)
      .then(() => queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY }))
      .catch(() => {
        // The next message seen tries again.
        sent.current = null;
      });
  }, [roomId, queryClient]);

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        flush();
      }
    },
    [flush],
  );

  return useCallback(
    (messageId: string) => {
      if (!roomId) return;
      const at = order.current.get(messageId);
      if (!at) return;
      const last = sent.current?.roomId === roomId ? sent.current.at : null;
      if (last !== null && at <= last) return;
      sent.current = { roomId, at };
      pending.current = messageId;
      if (!timer.current) timer.current = setTimeout(flush, DEBOUNCE_MS);
    },
    [roomId, flush],
  );
}
