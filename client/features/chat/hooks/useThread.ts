import { useCallback, useEffect, useReducer, useRef } from 'react';
import { threadsApi, type ThreadPage } from '../../../api/threads';
import { useRoom } from '../state/room-store-context';
import { initialThreadView, threadReducer, type ThreadAction } from '../state/thread-state';

/**
 * A thread, one page of replies at a time (around `aroundId` when a link names a reply, else its
 * newest), kept current by the room's events: the room's subscription (gap-free, resumed after a
 * reconnect) carries thread replies too, so the panel misses nothing the room receives. When the
 * room's events skip ahead (the room was read anew), the thread is read anew too.
 */
export function useThread(rootId: string, aroundId: string | null) {
  const [view, dispatch] = useReducer(threadReducer, initialThreadView);
  const events = useRoom((room) => room.events);
  const lastSeq = useRoom((room) => room.lastSeq);
  const seen = useRef(lastSeq);
  const loading = useRef(false);

  const load = useCallback(
    async (page: ThreadPage, as: 'loaded' | 'older' | 'newer', signal?: AbortSignal) => {
      if (as === 'loaded') dispatch({ type: 'loading' });
      try {
        const response = await threadsApi.thread(rootId, page, signal ? { signal } : undefined);
        dispatch({ type: as, response } as ThreadAction);
      } catch {
        if (!signal?.aborted) dispatch({ type: 'load-failed' });
      }
    },
    [rootId],
  );

  const reload = useCallback(() => void load(aroundId ? { around: aroundId } : {}, 'loaded'), [load, aroundId]);

  useEffect(() => {
    const controller = new AbortController();
    seen.current = lastSeq;
    void load(aroundId ? { around: aroundId } : {}, 'loaded', controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per thread and linked reply
  }, [load, aroundId]);

  useEffect(() => {
    // Events beyond lastSeq wait in the room store until its snapshot is in.
    const fresh = events.filter((e) => e.seq > seen.current && e.seq <= lastSeq);
    if (fresh.length === 0) {
      if (lastSeq > seen.current) {
        // The room moved on without these events in hand (read anew after a gap): so does the thread.
        seen.current = lastSeq;
        reload();
      }
      return;
    }
    const gap = (fresh[0]?.seq ?? 0) > seen.current + 1;
    seen.current = Math.max(...fresh.map((e) => e.seq));
    if (gap) {
      reload();
      return;
    }
    for (const { event } of fresh) dispatch({ type: 'event', event });
  }, [events, lastSeq, reload]);

  const more = useCallback(
    async (direction: 'older' | 'newer') => {
      const cursor = direction === 'older' ? view.replies.nextCursor : view.replies.newerCursor;
      if (!cursor || loading.current) return;
      loading.current = true;
      await load(direction === 'older' ? { before: cursor } : { after: cursor }, direction);
      loading.current = false;
    },
    [load, view.replies.nextCursor, view.replies.newerCursor],
  );

  return { view, dispatch, reload, loadOlder: () => more('older'), loadNewer: () => more('newer') };
}
