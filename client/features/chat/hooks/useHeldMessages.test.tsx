import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { HeldMessagesResponse } from '../../../../shared/api/protection';
import type { UserFrame } from '../../../api/realtime';
import { useHeldMessages } from './useHeldMessages';

// The user's frames, to push them as the socket would.
const socket = vi.hoisted(() => ({ listeners: new Set<(frame: UserFrame) => void>() }));
vi.mock('../../../api/realtime', () => ({
  getRealtimeClient: () => ({
    watchUser: (listener: (frame: UserFrame) => void) => {
      socket.listeners.add(listener);
      return () => socket.listeners.delete(listener);
    },
  }),
}));

const push = (frame: UserFrame) => act(() => socket.listeners.forEach((listener) => listener(frame)));
const AUTHOR = { id: 'u2', username: 'newcomer', display_name: null, avatar_url: null };

let answers: HeldMessagesResponse[];
let reads = 0;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  socket.listeners.clear();
  reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/rooms/r1/held-messages') throw new Error(`unexpected ${url}`);
      const body = answers[Math.min(reads, answers.length - 1)];
      reads += 1;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const waiting = (status: 'pending' | 'rejected'): HeldMessagesResponse => ({
  can_review: false,
  held: [
    {
      id: 'h1',
      room_id: 'r1',
      client_id: 'c1',
      content: 'hello',
      created_at: '2026-01-01T12:00:00.000Z',
      author: AUTHOR,
      reason: 'first_messages',
      status,
      reply_to_id: null,
      thread_root_id: null,
    },
  ],
});

it('reads the held messages again when the socket says they changed, not on a short timer', async () => {
  answers = [waiting('pending'), waiting('rejected')];
  const { result } = renderHook(() => useHeldMessages('r1', true), { wrapper });
  await waitFor(() => expect(result.current.data?.held[0]?.status).toBe('pending'));
  await waitFor(() => expect(socket.listeners.size).toBe(1));

  // Waiting for approval: no polling within the heal period.
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  expect(reads).toBe(1);

  // Another room's frame changes nothing; this room's decision is read at once.
  push({ type: 'held.changed', room_id: 'r2', message_id: 'h9', status: 'rejected' });
  expect(reads).toBe(1);
  push({ type: 'held.changed', room_id: 'r1', message_id: 'h1', status: 'rejected' });
  await waitFor(() => expect(result.current.data?.held[0]?.status).toBe('rejected'));
  expect(reads).toBe(2);
});

it("a moderator's list heals by itself after a minute, in case a frame was lost", async () => {
  answers = [
    { can_review: true, held: [] },
    { ...waiting('pending'), can_review: true },
  ];
  const { result } = renderHook(() => useHeldMessages('r1', true), { wrapper });
  await waitFor(() => expect(result.current.data?.can_review).toBe(true));
  await act(() => vi.advanceTimersByTimeAsync(59_000));
  expect(reads).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(result.current.data?.held).toHaveLength(1));
});

it('a signed-out reader neither reads nor listens', () => {
  answers = [{ can_review: false, held: [] }];
  renderHook(() => useHeldMessages('r1', false), { wrapper });
  expect(socket.listeners.size).toBe(0);
  expect(reads).toBe(0);
});
