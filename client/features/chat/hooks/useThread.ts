import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ThreadResponse } from '../../../../shared/api/threads';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { threadsApi } from '../../../api/threads';
import { useRoom } from '../state/room-store-context';

export const threadQueryKey = (rootId: string) => ['thread', rootId] as const;

/** Whether a room event changes what a thread shows. */
export function concernsThread(event: RoomEvent, thread: ThreadResponse | undefined, rootId: string): boolean {
  const ids = new Set([rootId, ...(thread?.replies.map((m) => m.id) ?? [])]);
  switch (event.type) {
    case 'thread.updated':
      return event.root_id === rootId;
    case 'message.created':
      return event.message.thread_root_id === rootId;
    case 'message.updated':
      return ids.has(event.message.id);
    case 'message.deleted':
    case 'message.references':
      return ids.has(event.message_id);
    case 'reaction.added':
    case 'reaction.removed':
      return ids.has(event.reaction.message_id);
    default:
      return false;
  }
}

/**
 * A thread as the server has it, read again whenever one of the room's events changes it: the
 * room's subscription (gap-free, resumed after a reconnect) carries thread replies too, so the
 * panel misses nothing the room receives.
 */
export function useThread(rootId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: threadQueryKey(rootId),
    queryFn: ({ signal }) => threadsApi.thread(rootId, { signal }),
  });
  const events = useRoom((view) => view.events);
  const lastSeq = useRoom((view) => view.lastSeq);
  const seen = useRef(lastSeq);
  const { data } = query;
  useEffect(() => {
    const fresh = events.filter((e) => e.seq > seen.current);
    if (fresh.length === 0) return;
    seen.current = Math.max(...fresh.map((e) => e.seq));
    if (fresh.some((e) => concernsThread(e.event, data, rootId))) {
      void queryClient.invalidateQueries({ queryKey: threadQueryKey(rootId) });
    }
  }, [events, data, rootId, queryClient]);
  return query;
}
