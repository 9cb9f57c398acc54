import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RoomStateResponse } from '../../../../shared/api/room-state';
import type { MessageDto } from '../../../../shared/api/rooms';
import type { RoomHandlers } from '../../../api/realtime';
import { chatMessage, grace } from '../components/message-list.fixtures';
import { useStoreSlice } from '../state/room-store-context';
import { roomSnapshot } from '../state/room-state.fixtures';
import { useRoomSync } from './useRoomSync';

// The room's subscription, to push events and resyncs as the socket would.
const socket = vi.hoisted(() => ({ handlers: null as RoomHandlers | null, afterSeq: -1 }));
vi.mock('../../../api/realtime', () => {
  const client = {
    subscribe: (_roomId: string, afterSeq: number, handlers: RoomHandlers) => {
      socket.handlers = handlers;
      socket.afterSeq = afterSeq;
      return () => undefined;
    },
    sendTyping: () => undefined,
    getStatus: () => 'open',
    onStatus: () => () => undefined,
    trySend: () => false,
    onAnswer: () => () => undefined,
  };
  return { getRealtimeClient: () => client };
});

const message = (id: string): MessageDto => {
  const { status: _status, ...dto } = chatMessage(id, grace, { room_id: 'r1' });
  return dto;
};
const AT = '2026-01-01T12:00:00.000Z';

let snapshot: RoomStateResponse;
beforeEach(() => {
  socket.handlers = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/rooms/r1/state')) throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify(snapshot), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function useRoom() {
  const { store } = useRoomSync('r1', { enabled: true, linkedId: null, selfId: 'u1' });
  return useStoreSlice(store, (view) => view);
}

it('subscribes after the snapshot, and a resync restores pins, topic and slow mode from a new one', async () => {
  snapshot = roomSnapshot({
    lastSeq: 4,
    messages: [message('m1'), message('m2')],
    pins: [{ message: message('m1'), pinned_at: AT }],
  });
  snapshot.room.topic = 'Old topic';
  const { result } = renderHook(() => useRoom());
  await waitFor(() => expect(socket.handlers).not.toBeNull());
  expect(socket.afterSeq).toBe(4);
  const handlers = socket.handlers as RoomHandlers;

  // The room moves on while this page misses events: the server answers resync.
  snapshot = roomSnapshot({
    lastSeq: 40,
    messages: [message('m1'), message('m2')],
    pins: [{ message: message('m2'), pinned_at: AT }],
  });
  snapshot.room.topic = 'New topic';
  snapshot.room.slow_mode_seconds = 30;
  let resumedAfter = 0;
  await act(async () => {
    resumedAfter = await handlers.onResync();
  });
  expect(resumedAfter).toBe(40);
  expect(result.current.pins.map((pin) => pin.message.id)).toEqual(['m2']);
  expect(result.current.room).toMatchObject({ topic: 'New topic', slow_mode_seconds: 30 });
  expect(result.current.lastSeq).toBe(40);

  // Events after the new sequence apply; one at it is already in the snapshot.
  act(() => handlers.onEvent({ type: 'room.topic_changed', topic: 'Stale' }, 40));
  expect(result.current.room?.topic).toBe('New topic');
  act(() => handlers.onEvent({ type: 'room.topic_changed', topic: 'Newest' }, 41));
  expect(result.current.room?.topic).toBe('Newest');
});
