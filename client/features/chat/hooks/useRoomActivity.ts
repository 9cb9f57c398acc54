import { useEffect } from 'react';
import { chatApi } from '../../../api/chat-endpoints';
import { useStoreSlice, type RoomStore } from '../state/room-store-context';

/**
 * Reads the room's newest activity rows into its store once it is ready; rows that arrive live
 * (or in a replay after a reconnection) are merged with them by id.
 */
export function useRoomActivity(store: RoomStore, roomId: string | undefined): void {
  const ready = useStoreSlice(store, (view) => view.status === 'ready');
  useEffect(() => {
    if (!ready || !roomId) return;
    const controller = new AbortController();
    chatApi.rooms
      .activity(roomId, { signal: controller.signal })
      .then((answer) => store.dispatch({ type: 'activity', activity: answer.activity }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [store, roomId, ready]);
}
