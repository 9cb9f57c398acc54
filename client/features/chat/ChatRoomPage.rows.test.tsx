import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberDto, MessageDto, RoomDetailsResponse } from '../../../shared/api/rooms';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import type { RoomHandlers } from '../../api/realtime';
import ChatRoomPage from './ChatRoomPage';
import { roomSnapshot } from './state/room-state.fixtures';

vi.mock('../../lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

// The room's subscription, to push events as the socket would.
const socket = vi.hoisted(() => ({ handlers: null as RoomHandlers | null }));
vi.mock('../../api/realtime', () => {
  const client = {
    subscribe: (_roomId: string, _afterSeq: number, handlers: RoomHandlers) => {
      socket.handlers = handlers;
      return () => undefined;
    },
    sendTyping: () => undefined,
    getStatus: () => 'open',
    onStatus: () => () => undefined,
    watchUser: () => () => undefined,
    trySend: () => false,
    onAnswer: () => () => undefined,
  };
  return { getRealtimeClient: () => client };
});

// Counts how often each message's text renders: a row that React skips does not render its text.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./components/MessageContent', async (importOriginal) => {
  const real = await importOriginal<typeof import('./components/MessageContent')>();
  return {
    ...real,
    MessageContent: (props: Parameters<typeof real.MessageContent>[0]) => {
      renders.set(props.content, (renders.get(props.content) ?? 0) + 1);
      return createElement(real.MessageContent, props);
    },
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ada = { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null };
const grace = { id: 'u2', username: 'grace-demo', display_name: 'Grace', avatar_url: null };

function message(id: string, author: typeof ada, second: number): MessageDto {
  return {
    id,
    room_id: 'r1',
    user_id: author.id,
    client_id: `c-${id}`,
    content: `text ${id}`,
    created_at: `2026-01-01T10:00:0${second}.000Z`,
    edited_at: null,
    deleted: false,
    author,
    reactions: [],
  };
}

const room: RoomDetailsResponse = {
  room: {
    id: 'r1',
    title: 'Discussion',
    repo_full_name: 'octo/hello',
    created_by: 'u1',
    last_activity_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
  },
  membership: { joined_at: '2026-01-01T00:00:00.000Z', left_at: null },
  member_count: 2,
  last_seq: 3,
  moderator: false,
};
const members: MemberDto[] = [
  { user: ada, joined_at: '2026-01-01T00:00:00.000Z' },
  { user: grace, joined_at: '2026-01-01T00:00:00.000Z' },
];

beforeAll(() => {
  Element.prototype.scrollTo = function scrollTo() {};
});
beforeEach(() => {
  renders.clear();
  socket.handlers = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/me') return json(200, ada);
      if (url === '/api/config')
        return json(200, { publicUrl: 'http://localhost', githubMode: 'emulated', githubWebUrl: 'https://gh.test' });
      if (url === '/api/rooms/r1') return json(200, room);
      if (url.startsWith('/api/rooms/r1/state'))
        return json(
          200,
          roomSnapshot({
            lastSeq: 3,
            messages: [message('m1', ada, 1), message('m2', grace, 2), message('m3', ada, 3)],
            members,
          }),
        );
      if (url.includes('/good-first-issues')) return json(200, { issues: [] });
      return json(404, { error: { code: 'not_found', message: 'Not Found' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openRoom(): Promise<RoomHandlers> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/chat/r1']}>
        <Routes>
          <Route path="/chat/:roomId" element={<ChatRoomPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('text m3');
  // Members and the rest of the page have settled once the member list shows both people.
  await screen.findAllByText('Grace');
  expect(socket.handlers).not.toBeNull();
  return socket.handlers as RoomHandlers;
}

function push(handlers: RoomHandlers, event: RoomEvent, seq: number) {
  act(() => handlers.onEvent(event, seq));
}

describe('ChatRoomPage message rows', () => {
  it('re-renders only the row a reaction event changes', async () => {
    const handlers = await openRoom();
    const before = new Map(renders);

    push(
      handlers,
      { type: 'reaction.added', reaction: { id: 'x1', message_id: 'm2', user_id: 'u1', emoji: '👍', user: ada } },
      4,
    );

    expect(await screen.findByRole('button', { name: /👍/ })).toBeTruthy();
    expect(renders.get('text m2')).toBeGreaterThan(before.get('text m2') ?? 0);
    expect(renders.get('text m1')).toBe(before.get('text m1'));
    expect(renders.get('text m3')).toBe(before.get('text m3'));
  });

  it('leaves earlier rows alone when a new message arrives', async () => {
    const handlers = await openRoom();
    const before = new Map(renders);

    push(handlers, { type: 'message.created', message: message('m4', grace, 4) }, 4);

    expect(await screen.findByText('text m4')).toBeTruthy();
    expect(renders.get('text m1')).toBe(before.get('text m1'));
    expect(renders.get('text m2')).toBe(before.get('text m2'));
  });
});
