import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinReturnPath, useJoinRoom } from './useJoinRoom';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../lib/toast', () => ({ toast }));

afterEach(cleanup);

let signedIn = true;
let joinAnswer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signedIn = true;
  toast.error.mockReset();
  toast.success.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === '/api/me') {
        return signedIn
          ? json({
              id: 'u1',
              username: 'ada',
              display_name: null,
              avatar_url: null,
              github_username: 'ada',
              theme_preference: 'system',
            })
          : json({ error: { code: 'unauthorized', message: 'Authentication required' } }, 401);
      }
      if (input === '/api/rooms/join') return joinAnswer();
      return json({}, 404);
    }),
  );
});

function JoinButton() {
  const { join, joining } = useJoinRoom();
  return (
    <button type="button" disabled={joining !== null} onClick={() => void join('facebook/react')}>
      {joining ? 'Joining' : 'Join Chat'}
    </button>
  );
}

async function renderJoin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <JoinButton /> },
      { path: '/chat/:id', element: <p>Room page</p> },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // Wait until the session is known.
  await waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('success'));
  return router;
}

describe('useJoinRoom', () => {
  it('tells visitors to sign in, calls nothing, and offers a sign-in that comes back to the join', async () => {
    signedIn = false;
    joinAnswer = () => json({}, 500);
    const router = await renderJoin();
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    expect(toast.error).toHaveBeenCalledWith('Authentication required', {
      description: 'Please sign in to join the chat',
      action: { label: 'Sign in', onClick: expect.any(Function) },
    });
    expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/rooms/join')).toBe(false);
    const options = toast.error.mock.calls[0]?.[1] as { action: { onClick(): void } };
    act(() => options.action.onClick());
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/?join=facebook%2Freact' });
    expect(joinReturnPath('facebook/react')).toBe('/?join=facebook%2Freact');
  });

  it('joins, lands in the room and confirms', async () => {
    joinAnswer = () => json({ room: { id: 'room-1' }, created: true });
    const router = await renderJoin();
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    await screen.findByText('Room page');
    expect(router.state.location.pathname).toBe('/chat/room-1');
    expect(toast.success).toHaveBeenCalledWith('Joined chat successfully');
    const call = vi.mocked(fetch).mock.calls.find(([url]) => url === '/api/rooms/join');
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ repoFullName: 'facebook/react' });
  });

  it('reports the rate limit with the wait from the server', async () => {
    joinAnswer = () => json({ error: { code: 'rate_limited', message: 'Too many joins', retryAfterSeconds: 42 } }, 429);
    await renderJoin();
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
        description: 'Please wait 42 seconds before joining another room',
      }),
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Join Chat' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('shows the server message, or the fallback, on other failures', async () => {
    joinAnswer = () => json({ error: { code: 'bad_request', message: 'Not a repository' } }, 400);
    await renderJoin();
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error joining chat', { description: 'Not a repository' }),
    );
    joinAnswer = () => new Response('', { status: 502 });
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Error joining chat', { description: 'Request failed (502)' }),
    );
  });
});
