import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook as render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeDto } from '../../../../shared/api/auth';
import { roomSnapshot } from '../state/room-state.fixtures';
import type { MessageDto, MessagesPageResponse } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { useStoreSlice } from '../state/room-store-context';
import { SEND_OFFLINE } from './useMessageActions';
import { useRoomSync } from './useRoomSync';
import { useRoomWriting } from './useRoomWriting';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));
// The socket is covered by realtime.test.ts; here it only has to exist.
vi.mock('../../../api/realtime', () => {
  const client = {
    subscribe: () => () => undefined,
    sendTyping: () => undefined,
    getStatus: () => 'open',
    onStatus: () => () => undefined,
    trySend: () => false,
    onAnswer: () => () => undefined,
  };
  return { getRealtimeClient: () => client };
});

/** Hooks of the room read the query cache (a held send refreshes the held messages). */
function renderHook<Result>(hook: () => Result) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(hook, { wrapper });
}

/** The room's messages as the page reads and writes them: the store fed by its snapshot, and writing on it. */
function useRoomMessages(roomId: string, user: MeDto) {
  const { store, commands } = useRoomSync(roomId, { enabled: true, linkedId: null, selfId: user.id });
  const writing = useRoomWriting(store, roomId, user);
  const view = useStoreSlice(store, (state) => state);
  return {
    ...writing.actions,
    messages: view.messages.messages,
    loaded: view.messages.loaded,
    hasOlder: view.messages.nextCursor !== null,
    lastSeq: view.lastSeq,
    loadOlder: commands.loadOlder,
    applyEvent: (event: RoomEvent) =>
      store.dispatch({ type: 'event', seq: store.getState().lastSeq + 1, event, at: new Date().toISOString() }),
  };
}

const me: MeDto = {
  id: 'u1',
  username: 'ada-demo',
  display_name: 'Ada',
  avatar_url: null,
  github_username: 'ada-demo',
  theme_preference: 'system',
};

function serverMessage(id: string, clientId: string, content: string, at: string): MessageDto {
  return {
    id,
    room_id: 'r1',
    user_id: 'u1',
    client_id: clientId,
    content,
    created_at: at,
    edited_at: null,
    deleted: false,
    author: { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null },
    reactions: [],
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let requests: Array<{ url: string; method: string; body: unknown }>;
let answer: (url: string, method: string, body: unknown) => Response;

beforeEach(() => {
  requests = [];
  toast.error.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ url, method, body });
      // The snapshot carries the page the room's messages endpoint would answer.
      if (url.startsWith('/api/rooms/r1/state')) {
        const page = answer('/api/rooms/r1/messages?limit=50', method, body);
        const { messages, next_cursor, newer_cursor, last_seq } = (await page.json()) as MessagesPageResponse;
        const snapshot = { messages, nextCursor: next_cursor, newerCursor: newer_cursor, lastSeq: last_seq };
        return json(page.status, roomSnapshot(snapshot));
      }
      return answer(url, method, body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const firstPage: MessagesPageResponse = {
  messages: [serverMessage('m2', 'c2', 'second', '2026-01-01T00:00:02.000Z')],
  next_cursor: 'cursor-1',
  newer_cursor: null,
  last_seq: 7,
};

describe('useRoomMessages', () => {
  it("opens at the snapshot's page, keeps its sequence and prepends older pages by cursor", async () => {
    answer = (url) =>
      url.includes('before=cursor-1')
        ? json(200, {
            messages: [serverMessage('m1', 'c1', 'first', '2026-01-01T00:00:01.000Z')],
            next_cursor: null,
            last_seq: 9,
          })
        : json(200, firstPage);
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.lastSeq).toBe(7));
    expect(result.current.hasOlder).toBe(true);
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages.map((m) => m.content)).toEqual(['first', 'second']));
    expect(result.current.hasOlder).toBe(false);
    expect(result.current.lastSeq).toBe(7);
  });

  it('keeps a failed send with a Retry that resends the same client id, then reconciles once', async () => {
    let sends = 0;
    answer = (url, method, body) => {
      if (method === 'GET') return json(200, { ...firstPage, next_cursor: null });
      sends += 1;
      if (sends === 1) return json(500, { error: { code: 'internal', message: 'Database unavailable' } });
      const { client_id, content } = body as { client_id: string; content: string };
      return json(201, { message: serverMessage('m3', client_id, content, '2026-01-01T00:00:03.000Z') });
    };
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));

    act(() => result.current.send('  hello there \r\n'));
    expect(result.current.messages.at(-1)).toMatchObject({ content: 'hello there', status: 'pending' });
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
    expect(toast.error).toHaveBeenCalledWith('Failed to send message', { description: 'Database unavailable' });
    const clientId = result.current.messages.at(-1)?.client_id ?? '';

    act(() => result.current.retry(clientId));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('sent'));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => (p.body as { client_id: string }).client_id)).toEqual([clientId, clientId]);
    expect(result.current.messages.map((m) => `${m.id}:${m.content}`)).toEqual(['m2:second', 'm3:hello there']);

    // The realtime copy arriving after the answer changes nothing.
    act(() =>
      result.current.applyEvent({
        type: 'message.created',
        message: serverMessage('m3', clientId, 'hello there', '2026-01-01T00:00:03.000Z'),
      }),
    );
    expect(result.current.messages).toHaveLength(2);
  });

  it('shows the send rate limit with its wait', async () => {
    answer = (_url, method) =>
      method === 'GET'
        ? json(200, firstPage)
        : json(429, { error: { code: 'rate_limited', message: 'slow down', retryAfterSeconds: 42 } });
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.send('hi'));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
    expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
      description: 'Please wait 42 seconds before sending another message',
    });
    // The message itself says why, and when.
    expect(result.current.messages.at(-1)).toMatchObject({ failure: 'rate-limited', error: 'Try again in 42 s' });
  });

  it('Retry of a rate-limited message waits out the limit before sending', async () => {
    let sends = 0;
    answer = (_url, method, body) => {
      if (method === 'GET') return json(200, { ...firstPage, next_cursor: null });
      sends += 1;
      if (sends === 1) return json(429, { error: { code: 'rate_limited', message: 'slow', retryAfterSeconds: 5 } });
      const { client_id, content } = body as { client_id: string; content: string };
      return json(201, { message: serverMessage('m3', client_id, content, '2026-01-01T00:00:03.000Z') });
    };
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.send('hi'));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
    const clientId = result.current.messages.at(-1)?.client_id ?? '';

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      act(() => result.current.retry(clientId));
      expect(result.current.messages.at(-1)?.status).toBe('pending');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4000);
      });
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('sent'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('tells an offline failure from a refusal', async () => {
    let sends = 0;
    answer = (_url, method) => {
      if (method === 'GET') return json(200, firstPage);
      sends += 1;
      if (sends === 1) throw new TypeError('Failed to fetch');
      return json(403, { error: { code: 'forbidden', message: 'You are not a member of this room' } });
    };
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.send('one'));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
    expect(result.current.messages.at(-1)).toMatchObject({ failure: 'offline', error: SEND_OFFLINE });
    act(() => result.current.send('two'));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
    expect(result.current.messages.at(-1)).toMatchObject({
      failure: 'refused',
      error: 'Failed to send message: You are not a member of this room',
    });
  });

  it('shows the edit and reaction rate limits with their wait', async () => {
    answer = (_url, method) =>
      method === 'GET'
        ? json(200, firstPage)
        : json(429, { error: { code: 'rate_limited', message: 'slow down', retryAfterSeconds: 17 } });
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await act(() => result.current.edit('m2', 'new'));
    await act(() => result.current.toggleReaction('m2', '👍'));
    expect(toast.error.mock.calls).toEqual([
      ['Rate Limited', { description: 'Please wait 17 seconds before editing another message' }],
      ['Rate Limited', { description: 'Please wait 17 seconds before reacting again' }],
    ]);
  });

  it('ignores a blank edit and reports failed edits, deletes and reactions', async () => {
    answer = (_url, method) =>
      method === 'GET' ? json(200, firstPage) : json(500, { error: { code: 'x', message: 'no' } });
    const { result } = renderHook(() => useRoomMessages('r1', me));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await act(() => result.current.edit('m2', '   '));
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await act(() => result.current.edit('m2', 'new'));
    await act(() => result.current.remove('m2'));
    await act(() => result.current.toggleReaction('m2', '👍'));
    expect(toast.error.mock.calls.map((call) => call[0])).toEqual([
      'Failed to update message',
      'Failed to delete message',
      'Failed to toggle reaction',
    ]);
    expect(result.current.messages.map((m) => m.content)).toEqual(['second']);
  });
});
