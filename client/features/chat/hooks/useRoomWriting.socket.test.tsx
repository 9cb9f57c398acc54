import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook as render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeDto } from '../../../../shared/api/auth';
import type { MessageDto, MessagesPageResponse } from '../../../../shared/api/rooms';
import type { ClientCommand, ServerFrame } from '../../../../shared/realtime/protocol';
import type { CommandAnswer } from '../../../api/realtime-types';
import { roomSnapshot } from '../state/room-state.fixtures';
import { useStoreSlice } from '../state/room-store-context';
import { useRoomSync } from './useRoomSync';
import { useRoomWriting } from './useRoomWriting';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

/** The tab's socket: open or not, what was sent on it, and a way to answer. */
const socket = vi.hoisted(() => ({
  open: true,
  sent: [] as unknown[],
  listeners: new Set<(answer: unknown) => void>(),
}));
vi.mock('../../../api/realtime', () => {
  const client = {
    subscribe: () => () => undefined,
    sendTyping: () => undefined,
    getStatus: () => (socket.open ? 'open' : 'closed'),
    onStatus: () => () => undefined,
    trySend: (command: unknown) => {
      if (socket.open) socket.sent.push(command);
      return socket.open;
    },
    onAnswer: (listener: (answer: unknown) => void) => {
      socket.listeners.add(listener);
      return () => socket.listeners.delete(listener);
    },
  };
  return { getRealtimeClient: () => client };
});

function answerOnSocket(frame: CommandAnswer): void {
  for (const listener of [...socket.listeners]) listener(frame);
}

function renderRoom() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(
    () => {
      const { store } = useRoomSync('r1', { enabled: true, linkedId: null, selfId: me.id });
      const writing = useRoomWriting(store, 'r1', me);
      const view = useStoreSlice(store, (state) => state);
      return { ...writing.actions, messages: view.messages.messages, loaded: view.messages.loaded };
    },
    { wrapper },
  );
}

const me: MeDto = {
  id: 'u1',
  username: 'ada-demo',
  display_name: 'Ada',
  avatar_url: null,
  github_username: 'ada-demo',
  theme_preference: 'system',
};

function serverMessage(id: string, clientId: string, content: string): MessageDto {
  return {
    id,
    room_id: 'r1',
    user_id: 'u1',
    client_id: clientId,
    content,
    created_at: '2026-01-01T00:00:03.000Z',
    edited_at: null,
    deleted: false,
    author: { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null },
    reactions: [],
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const page: MessagesPageResponse = { messages: [], next_cursor: null, newer_cursor: null, last_seq: 7 };

let posts: Array<{ client_id: string; content: string }>;
let postAnswer: (body: { client_id: string; content: string }) => Response;

beforeEach(() => {
  posts = [];
  socket.open = true;
  socket.sent = [];
  socket.listeners.clear();
  toast.error.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') {
        const snapshot = { messages: [], nextCursor: null, newerCursor: null, lastSeq: page.last_seq };
        return url.startsWith('/api/rooms/r1/state') ? json(200, roomSnapshot(snapshot)) : json(200, page);
      }
      const body = JSON.parse(String(init.body)) as { client_id: string; content: string };
      posts.push(body);
      return postAnswer(body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function sendOne(result: { current: ReturnType<typeof renderRoom>['result']['current'] }, text: string) {
  act(() => result.current.send(text));
  expect(result.current.messages.at(-1)).toMatchObject({ content: text, status: 'pending' });
  return result.current.messages.at(-1)?.client_id ?? '';
}

describe('sending over the socket', () => {
  it('sends over the open socket and settles the message with its acknowledgement, without HTTP', async () => {
    postAnswer = () => json(500, {});
    const { result } = renderRoom();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const clientId = await sendOne(result, 'over the socket');
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    expect(socket.sent[0]).toEqual({
      type: 'message.send',
      room_id: 'r1',
      client_id: clientId,
      content: 'over the socket',
    } satisfies ClientCommand);
    const message = serverMessage('m3', clientId, 'over the socket');
    // Another send's answer settles nothing here.
    act(() =>
      answerOnSocket({
        type: 'message.sent',
        client_id: 'other',
        room_id: 'r1',
        message_id: 'm9',
        seq: 9,
        created: true,
        message,
      }),
    );
    expect(result.current.messages.at(-1)?.status).toBe('pending');
    act(() =>
      answerOnSocket({
        type: 'message.sent',
        client_id: clientId,
        room_id: 'r1',
        message_id: 'm3',
        seq: 8,
        created: true,
        message,
      }),
    );
    await waitFor(() => expect(result.current.messages.at(-1)).toMatchObject({ id: 'm3', status: 'sent' }));
    expect(posts).toEqual([]);
  });

  it('sends over HTTP when the socket is not open', async () => {
    socket.open = false;
    postAnswer = (body) => json(201, { message: serverMessage('m4', body.client_id, body.content) });
    const { result } = renderRoom();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const clientId = await sendOne(result, 'over HTTP');
    await waitFor(() => expect(result.current.messages.at(-1)).toMatchObject({ id: 'm4', status: 'sent' }));
    expect(posts).toEqual([{ client_id: clientId, content: 'over HTTP' }]);
    expect(socket.sent).toEqual([]);
  });

  it('sends again over HTTP, with the same client id, when the socket goes before answering', async () => {
    postAnswer = (body) => json(200, { message: serverMessage('m5', body.client_id, body.content) });
    const { result } = renderRoom();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    const clientId = await sendOne(result, 'in flight');
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    act(() => {
      for (const listener of [...socket.listeners]) listener(null);
    });
    await waitFor(() => expect(result.current.messages.at(-1)).toMatchObject({ id: 'm5', status: 'sent' }));
    expect(posts).toEqual([{ client_id: clientId, content: 'in flight' }]);
  });

  it.each([
    [403, 'forbidden', 'You are not a member of this room', undefined],
    [429, 'rate_limited', 'Please wait 42 seconds before sending another message', 42],
    [400, 'validation_failed', 'Message cannot be empty', undefined],
  ] as const)(
    'shows a refusal over the socket (%s) as the same refusal over HTTP',
    async (status, code, text, wait) => {
      const shown = async (viaSocket: boolean) => {
        socket.open = viaSocket;
        toast.error.mockClear();
        postAnswer = () =>
          json(status, { error: { code, message: text, ...(wait !== undefined ? { retryAfterSeconds: wait } : {}) } });
        const { result, unmount } = renderRoom();
        await waitFor(() => expect(result.current.loaded).toBe(true));
        const clientId = await sendOne(result, 'refused');
        if (viaSocket) {
          await waitFor(() => expect(socket.sent).toHaveLength(1));
          const frame: Extract<ServerFrame, { type: 'error' }> = {
            type: 'error',
            code,
            message: text,
            ref_type: 'message.send',
            client_id: clientId,
            status,
            ...(wait !== undefined ? { retry_after_seconds: wait } : {}),
          };
          act(() => answerOnSocket(frame));
        }
        await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('failed'));
        const { error, failure } = result.current.messages.at(-1) as { error?: string; failure?: string };
        const toasts = toast.error.mock.calls.slice();
        unmount();
        return { error, failure, toasts };
      };
      const overHttp = await shown(false);
      expect(posts).toHaveLength(1);
      const overSocket = await shown(true);
      expect(posts).toHaveLength(1);
      expect(overSocket).toEqual(overHttp);
      expect(overSocket.toasts).toHaveLength(1);
    },
  );
});
