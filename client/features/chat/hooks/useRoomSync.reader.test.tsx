import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RoomStateResponse } from '../../../../shared/api/room-state';
import type { MessageDto } from '../../../../shared/api/rooms';
import { chatMessage, grace } from '../components/message-list.fixtures';
import { useStoreSlice } from '../state/room-store-context';
import { roomSnapshot } from '../state/room-state.fixtures';
import { READER_POLL_MS, useRoomSync } from './useRoomSync';

// A reader who is not a member has no subscription; the socket is never asked for one.
vi.mock('../../../api/realtime', () => {
  const client = {
    subscribe: () => {
      throw new Error('a reader does not subscribe');
    },
    sendTyping: () => undefined,
    getStatus: () => 'open',
    onStatus: () => () => undefined,
  };
  return { getRealtimeClient: () => client };
});

/** Message `n`, `n` minutes after ten. */
const message = (n: number, overrides: Partial<MessageDto> = {}): MessageDto => {
  const { status: _status, ...dto } = chatMessage(`m${n}`, grace, {
    room_id: 'r1',
    created_at: `2026-01-01T10:${String(n).padStart(2, '0')}:00.000Z`,
    ...overrides,
  });
  return dto;
};
const messages = (...ns: number[]) => ns.map((n) => message(n));

let snapshot: RoomStateResponse;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/rooms/r1/state')) throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify(snapshot), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function useReader(linkedId: string | null) {
  const { store } = useRoomSync('r1', { enabled: true, linkedId, selfId: null, member: false });
  return { store, view: useStoreSlice(store, (view) => view) };
}

const ids = (view: { messages: { messages: MessageDto[] } }) => view.messages.messages.map((m) => m.id);

it('a reader back in the history keeps it when the room is read again: new messages come below', async () => {
  snapshot = roomSnapshot({ lastSeq: 5, messages: messages(3, 4, 5), nextCursor: 'before-m3' });
  const { result } = renderHook(() => useReader(null));
  await vi.waitFor(() => expect(ids(result.current.view)).toEqual(['m3', 'm4', 'm5']));
  // The reader scrolls up and reads the older page.
  act(() =>
    result.current.store.dispatch({
      type: 'messages',
      action: { type: 'older', messages: messages(1, 2), nextCursor: null },
    }),
  );

  // Meanwhile m6 is sent, m4 edited and m5 deleted; the newest page is read again.
  snapshot = roomSnapshot({
    lastSeq: 8,
    messages: [message(4, { content: 'edited', edited_at: '2026-01-01T10:30:00.000Z' }), message(6)],
    nextCursor: 'before-m4',
  });
  await act(async () => {
    vi.advanceTimersByTime(READER_POLL_MS);
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(result.current.view.lastSeq).toBe(8));
  const view = result.current.view;
  // The older pages stay (the list keeps the reader's place); the newest page is merged below them
  // and is the truth in its span (m5 is gone).
  expect(ids(view)).toEqual(['m1', 'm2', 'm3', 'm4', 'm6']);
  expect(view.messages.messages.find((m) => m.id === 'm4')?.content).toBe('edited');
  expect(view.messages.nextCursor).toBeNull();
  expect(view.openedAt).toBe('newest');
});

it('a reader who opened a linked message stays on it: what arrives is counted, not jumped to', async () => {
  snapshot = roomSnapshot({
    lastSeq: 5,
    messages: messages(2, 3, 4),
    nextCursor: 'before-m2',
    newerCursor: 'after-m4',
  });
  snapshot.messages.opened_at = 'anchor';
  const { result } = renderHook(() => useReader('m3'));
  await vi.waitFor(() => expect(result.current.view.openedAround).toBe('m3'));

  snapshot = roomSnapshot({ lastSeq: 7, messages: messages(8, 9, 10), nextCursor: 'before-m8' });
  await act(async () => {
    vi.advanceTimersByTime(READER_POLL_MS);
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(result.current.view.lastSeq).toBe(7));
  const view = result.current.view;
  expect(view.openedAt).toBe('anchor');
  expect(view.openedAround).toBe('m3');
  expect(ids(view)).toEqual(['m2', 'm3', 'm4']);
  expect(view.messages.newerCursor).toBe('after-m4');
  expect(view.messages.missedNewer).toBe(3);
});

it('a page that no longer reaches the window (more came than a page holds) replaces it', async () => {
  snapshot = roomSnapshot({ lastSeq: 3, messages: messages(1, 2, 3), nextCursor: null });
  const { result } = renderHook(() => useReader(null));
  await vi.waitFor(() => expect(ids(result.current.view)).toEqual(['m1', 'm2', 'm3']));
  snapshot = roomSnapshot({ lastSeq: 60, messages: messages(50, 51), nextCursor: 'before-m50' });
  await act(async () => {
    vi.advanceTimersByTime(READER_POLL_MS);
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(ids(result.current.view)).toEqual(['m50', 'm51']));
  expect(result.current.view.messages.nextCursor).toBe('before-m50');
});
