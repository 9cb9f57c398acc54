import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSummaryDto } from '../../../shared/api/rooms';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './SidebarProvider';

afterEach(cleanup);

const room = (i: number, repo: string, title = `${repo.split('/')[1]} Discussion`): RoomSummaryDto => ({
  id: `room-${i}`,
  title,
  repo_full_name: repo,
  created_by: 'u1',
  last_activity_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  joined_at: '2026-01-01T00:00:00.000Z',
});

let rooms: RoomSummaryDto[] = [];
let signedIn = true;
const requested: string[] = [];

beforeEach(() => {
  signedIn = true;
  requested.length = 0;
  document.cookie = 'sidebar_state=; max-age=0; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requested.push(input);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (input === '/api/me')
        return signedIn
          ? json({
              id: 'u1',
              username: 'ada',
              display_name: 'Ada',
              avatar_url: null,
              github_username: 'ada',
              theme_preference: 'system',
            })
          : json({ error: { code: 'unauthorized', message: 'Sign in' } }, 401);
      if (input.startsWith('/api/me/rooms')) return json({ rooms });
      if (input === '/api/repos/acme/rockets')
        return json({ owner: { login: 'acme', avatar_url: 'https://avatars.example/acme.png' } });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});

function renderSidebar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SidebarProvider>
            <Sidebar />
          </SidebarProvider>
        ),
      },
      { path: '/chat/:roomId', element: <p>chat page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Sidebar', () => {
  it("lists the user's rooms with title, owner and the owner avatar when the lookup succeeds", async () => {
    rooms = [room(1, 'acme/rockets'), room(2, 'ghost/town', '')];
    document.cookie = 'sidebar_state=true; path=/';
    const { router, user } = renderSidebar();
    const nav = await screen.findByRole('navigation', { name: 'Active chats' });
    expect(await within(nav).findByText('rockets Discussion')).toBeTruthy();
    expect(requested).toContain('/api/me/rooms?limit=12');
    expect(within(nav).getByText('acme')).toBeTruthy();
    await vi.waitFor(() =>
      expect(nav.querySelector('img')?.getAttribute('src')).toBe('https://avatars.example/acme.png'),
    );
    // Lookup failed: owner parsed from the repo name, no avatar image, repo name as the title.
    const ghost = within(nav).getByText('town').closest('a');
    expect(ghost?.textContent).toContain('ghost');
    expect(ghost?.querySelector('img')).toBeNull();

    await user.click(within(nav).getByText('rockets Discussion'));
    expect(router.state.location.pathname).toBe('/chat/room-1');
  });

  it('filters by title or repository and says when nothing matches', async () => {
    rooms = [room(1, 'acme/rockets'), room(2, 'zeta/parsers')];
    document.cookie = 'sidebar_state=true; path=/';
    const { user } = renderSidebar();
    const nav = await screen.findByRole('navigation', { name: 'Active chats' });
    await within(nav).findByText('rockets Discussion');
    const search = screen.getByPlaceholderText('Search chats...');
    await user.type(search, 'ZETA/');
    expect(within(nav).queryByText('rockets Discussion')).toBeNull();
    expect(within(nav).getByText('parsers Discussion')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'nothing-like-this');
    expect(within(nav).getByText('No chats found')).toBeTruthy();
  });

  it('starts collapsed with 6 entries, expands to 12 with Ctrl+B and stores the state for 7 days', async () => {
    rooms = Array.from({ length: 14 }, (_, i) => room(i, `owner${i}/repo${i}`));
    const { user } = renderSidebar();
    const aside = screen.getByRole('complementary', { name: 'Chats' });
    expect(aside.getAttribute('data-state')).toBe('collapsed');
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Active chats' });
    await vi.waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(6));
    expect(screen.queryByPlaceholderText('Search chats...')).toBeNull();

    await user.keyboard('{Control>}b{/Control}');
    expect(aside.getAttribute('data-state')).toBe('expanded');
    expect(screen.getByRole('heading', { name: 'Active chats' })).toBeTruthy();
    expect(within(nav).getAllByRole('link')).toHaveLength(12);
    expect(document.cookie).toContain('sidebar_state=true');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(aside.getAttribute('data-state')).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('shows No active chats for a visitor without asking for rooms', async () => {
    signedIn = false;
    rooms = [room(1, 'acme/rockets')];
    document.cookie = 'sidebar_state=true; path=/';
    renderSidebar();
    expect(await screen.findByText('No active chats')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    expect(requested.some((url) => url.startsWith('/api/me/rooms'))).toBe(false);
  });
});
