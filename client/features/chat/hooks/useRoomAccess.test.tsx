import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomDetailsResponse } from '../../../../shared/api/rooms';
import { useRoomAccess } from './useRoomAccess';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

const room = {
  id: 'r1',
  title: 'hello Discussion',
  repo_full_name: 'octo/hello',
  created_by: 'u9',
  last_activity_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};
const details = (membership: RoomDetailsResponse['membership']): RoomDetailsResponse => ({
  room,
  membership,
  member_count: 1,
  last_seq: 3,
  moderator: false,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let handle: (url: string, method: string) => Response;
let calls: string[];
let signedIn: boolean;

beforeEach(() => {
  calls = [];
  signedIn = true;
  toast.error.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/me') {
        return signedIn ? json(200, { id: 'u1', username: 'ada' }) : json(401, { error: { code: 'x', message: 'x' } });
      }
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return handle(url, init.method ?? 'GET');
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  const access = useRoomAccess('r1');
  return (
    <>
      <p>{access.ready ? (access.isMember ? 'member' : 'reader') : 'waiting'}</p>
      <button type="button" onClick={() => void access.join()}>
        join
      </button>
    </>
  );
}

function renderAt(children: ReactNode = <Probe />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/chat/r1']}>
        <Routes>
          <Route path="/chat/:roomId" element={children} />
          <Route path="/" element={<p>home</p>} />
          <Route path="/auth" element={<p>sign in</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('useRoomAccess', () => {
  it('is ready at once for an active member', async () => {
    handle = () => json(200, details({ joined_at: room.created_at, left_at: null }));
    renderAt();
    await screen.findByText('member');
    expect(calls).toEqual(['GET /api/rooms/r1']);
  });

  it('lets a non-member read without joining, and joins only when asked', async () => {
    let joined = false;
    handle = (url, method) => {
      if (method === 'POST' && url === '/api/rooms/r1/join') {
        joined = true;
        return json(200, { room, created: false });
      }
      return json(200, details(joined ? { joined_at: room.created_at, left_at: null } : null));
    };
    renderAt();
    await screen.findByText('reader');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'join' }));
    await screen.findByText('member');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/rooms/r1/join']);
  });

  it('reads a room one has left without joining it again', async () => {
    handle = () => json(200, details({ joined_at: room.created_at, left_at: room.created_at }));
    renderAt();
    await screen.findByText('reader');
    expect(calls).toEqual(['GET /api/rooms/r1']);
  });

  it('shows the rate-limit toast when joining is refused with 429, and stays a reader', async () => {
    handle = (_url, method) =>
      method === 'POST'
        ? json(429, { error: { code: 'rate_limited', message: 'x', retryAfterSeconds: 120 } })
        : json(200, details(null));
    renderAt();
    await screen.findByText('reader');
    fireEvent.click(screen.getByRole('button', { name: 'join' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
        description: 'Please wait 120 seconds before joining another room',
      }),
    );
    expect(screen.getByText('reader')).toBeTruthy();
  });

  it('shows the room-flow toast when joining fails', async () => {
    handle = (_url, method) =>
      method === 'POST' ? json(500, { error: { code: 'internal', message: 'x' } }) : json(200, details(null));
    renderAt();
    await screen.findByText('reader');
    fireEvent.click(screen.getByRole('button', { name: 'join' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to join chat room'));
  });

  it('goes home when the room cannot be fetched', async () => {
    handle = () => json(404, { error: { code: 'not_found', message: 'Room not found' } });
    renderAt();
    await screen.findByText('home');
    await waitFor(() => expect(calls).toEqual(['GET /api/rooms/r1']));
  });

  it('sends a visitor to sign in when the room does not exist', async () => {
    signedIn = false;
    handle = () => json(404, { error: { code: 'not_found', message: 'Room not found' } });
    renderAt();
    await screen.findByText('sign in');
  });
});
