import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomDetailsResponse } from '../../../shared/api/rooms';
import ChatRoomPage from './ChatRoomPage';
import { roomSnapshot } from './state/room-state.fixtures';

vi.mock('../../lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
// The socket is covered by realtime.test.ts; here it only has to exist.
vi.mock('../../api/realtime', () => {
  const client = {
    subscribe: () => () => undefined,
    sendTyping: () => undefined,
    getStatus: () => 'open',
    onStatus: () => () => undefined,
    watchUser: () => () => undefined,
    trySend: () => false,
    onAnswer: () => () => undefined,
  };
  return { getRealtimeClient: () => client };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function roomNamed(repoFullName: string): RoomDetailsResponse {
  return {
    room: {
      id: 'r1',
      title: 'Discussion',
      repo_full_name: repoFullName,
      created_by: 'u1',
      last_activity_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
    },
    membership: { joined_at: '2026-01-01T00:00:00.000Z', left_at: null },
    member_count: 1,
    last_seq: 0,
    moderator: false,
  };
}

let repoFullName: string;

beforeAll(() => {
  Element.prototype.scrollTo = function scrollTo() {};
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/me')
        return json(200, { id: 'u1', username: 'ada-demo', display_name: 'Ada', avatar_url: null });
      if (url === '/api/config')
        return json(200, { publicUrl: 'http://localhost', githubMode: 'emulated', githubWebUrl: 'https://gh.test' });
      if (url === '/api/rooms/r1') return json(200, roomNamed(repoFullName));
      if (url.startsWith('/api/rooms/r1/state')) return json(200, roomSnapshot({ repoFullName }));
      if (url.includes('/good-first-issues')) return json(200, { issues: [] });
      // The repository lookup finds nothing.
      return json(404, { error: { code: 'not_found', message: 'Not Found' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/chat/r1']}>
        <Routes>
          <Route path="/chat/:roomId" element={<ChatRoomPage />} />
          <Route path="/" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ChatRoomPage', () => {
  it('shows the loading state, then a minimal repository record built from the room name', async () => {
    repoFullName = 'octo/hello';
    renderPage();
    expect(screen.getByText('Loading chat room...')).toBeTruthy();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('octo/hello');
    expect(await screen.findByText('Welcome to the discussion')).toBeTruthy();
    expect(screen.getByText(/^Stars:/).parentElement?.textContent).toBe('Stars:0');
    expect(screen.getByText(/^Forks:/).parentElement?.textContent).toBe('Forks:0');
    expect(screen.getByRole('link', { name: 'View repository' }).getAttribute('href')).toBe(
      'https://gh.test/octo/hello',
    );
    expect(screen.getByText('No members yet')).toBeTruthy();
    expect(await screen.findByText('None right now')).toBeTruthy();
    expect(screen.getByText('Repository Discussion')).toBeTruthy();
  });

  it("shows 'Chat room not found' when no record can be built", async () => {
    repoFullName = 'not-a-full-name';
    renderPage();
    expect(await screen.findByText('Chat room not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
  });
});
