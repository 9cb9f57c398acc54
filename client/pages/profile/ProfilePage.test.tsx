import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnProfileDto } from '../../../shared/api/profiles';
import ProfilePage from './ProfilePage';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast: toastMock }));

afterEach(cleanup);

const baseProfile: OwnProfileDto = {
  id: '11111111-2222-4333-8444-555555555555',
  username: 'ada',
  display_name: 'Ada',
  bio: 'Hi',
  theme_preference: 'system',
  privacy_settings: {
    show_github_stats: true,
    show_repositories: true,
    show_contributions: true,
    show_location: true,
    show_company: true,
    profile_visibility: 'public',
  },
  github_username: 'ada-demo',
  github_url: 'https://github.com/ada-demo',
  github_created_at: '2012-03-14T09:21:07Z',
  avatar_url: null,
  company: 'Engines Ltd',
  location: 'London',
  blog: 'javascript:alert(1)',
  github_bio: null,
  public_repos: 4,
  followers: 1287,
  following: 42,
  contribution_streak: 3,
  language_stats: {},
  github_synced_at: null,
  repositories: [],
  contributions: [],
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let profile: OwnProfileDto;
let calls: Call[];
let answer: (call: Call) => Response | Promise<Response> | undefined;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  profile = structuredClone(baseProfile);
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const custom = await answer(call);
      if (custom) return custom;
      if (url === '/api/config')
        return json({ publicUrl: 'https://rooms.example', githubMode: 'emulated', githubWebUrl: 'https://gh' });
      if (url === '/api/profile' && call.method === 'GET') return json(profile);
      if (url === '/api/profile' && call.method === 'PATCH') return json({ ...profile, ...(call.body as object) });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/auth', element: <p>auth page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const patches = () => calls.filter((c) => c.method === 'PATCH');

// userEvent typing on a shared, busy machine can outlast the 5 s default.
describe('ProfilePage', { timeout: 30_000 }, () => {
  it('shows the profile, the GitHub facts and a live bio counter; unsafe links stay text', async () => {
    renderPage();
    expect(screen.getByText('Loading profile...')).toBeTruthy();
    const bio = await screen.findByLabelText('Bio');
    expect(screen.getByText('@ada-demo')).toBeTruthy();
    expect(screen.getByText('1,287')).toBeTruthy();
    expect(screen.getByText('March 2012')).toBeTruthy();
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('2/500')).toBeTruthy();
    await userEvent.type(bio, ' there');
    expect(screen.getByText('8/500')).toBeTruthy();
    expect((screen.getByLabelText('Public Profile URL') as HTMLInputElement).value).toBe(
      'https://rooms.example/user/ada',
    );
  });

  it('refuses an invalid form before sending anything', async () => {
    renderPage();
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'root');
    expect(screen.getByText('This username is reserved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(toastMock.error).toHaveBeenCalledWith('Validation Error', { description: 'This username is reserved' });
    expect(patches()).toHaveLength(0);
  });

  it('refuses a display name carrying an @handle before sending anything', async () => {
    renderPage();
    const displayName = await screen.findByLabelText('Display Name');
    await userEvent.clear(displayName);
    await userEvent.type(displayName, 'Ada Demo (@grace-demo)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(toastMock.error).toHaveBeenCalledWith('Validation Error', {
      description: 'Display name cannot contain an @handle',
    });
    expect(patches()).toHaveLength(0);
  });

  it('saves the whole form and confirms', async () => {
    renderPage();
    const displayName = await screen.findByLabelText('Display Name');
    await userEvent.clear(displayName);
    await userEvent.type(displayName, 'Ada L');
    await userEvent.click(screen.getByRole('switch', { name: 'Show company' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(patches()[0]?.body).toEqual({
      username: 'ada',
      display_name: 'Ada L',
      bio: 'Hi',
      theme_preference: 'system',
      privacy_settings: { ...baseProfile.privacy_settings, show_company: false },
    });
  });

  it('explains a taken username and other save failures', async () => {
    answer = (call) =>
      call.method === 'PATCH'
        ? json({ error: { code: 'conflict', message: 'Username is already taken' } }, 409)
        : undefined;
    renderPage();
    await screen.findByLabelText('Username');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Username is already taken' }),
    );
    answer = (call) =>
      call.method === 'PATCH' ? json({ error: { code: 'internal', message: 'boom' } }, 500) : undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to update profile' }),
    );
  });

  it('asks to link GitHub before syncing without a GitHub username', async () => {
    profile.github_username = null;
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Now' }));
    expect(toastMock.error).toHaveBeenCalledWith('No GitHub Account', {
      description: 'Please link your GitHub account first',
    });
    expect(calls.some((c) => c.url === '/api/profile/sync')).toBe(false);
  });

  it('shows Syncing... while busy, then the failure message', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = (call) =>
      call.url === '/api/profile/sync'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined;
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Now' }));
    const busy = await screen.findByRole('button', { name: 'Syncing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release(json({ error: { code: 'upstream_unavailable', message: 'GitHub is unavailable' } }, 502));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Sync Failed', { description: 'GitHub is unavailable' }),
    );
    expect(await screen.findByRole('button', { name: 'Sync Now' })).toBeTruthy();
  });

  it("lists 'Ignored users' with 'Unignore', which stops ignoring and refreshes the list", async () => {
    let ignored = [
      {
        user: {
          id: 'aaaaaaaa-2222-4333-8444-555555555555',
          username: 'grace-demo',
          display_name: 'Grace',
          avatar_url: null,
        },
        ignored_at: '2026-01-01T10:00:00.000Z',
      },
    ];
    answer = (call) => {
      if (call.url === '/api/me/ignored') return json({ users: ignored });
      if (call.url.startsWith('/api/me/ignored/') && call.method === 'DELETE') {
        ignored = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    };
    renderPage();
    const list = await screen.findByRole('list', { name: 'Ignored users' });
    expect(list.textContent).toContain('Grace');
    expect(list.textContent).toContain('@grace-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Unignore' }));
    expect(await screen.findByText('You are not ignoring anyone.')).toBeTruthy();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === '/api/me/ignored/aaaaaaaa-2222-4333-8444-555555555555'),
    ).toBe(true);
  });

  it('reports a profile that cannot be loaded', async () => {
    answer = (call) =>
      call.url === '/api/profile' ? json({ error: { code: 'internal', message: 'down' } }, 500) : undefined;
    renderPage();
    expect(await screen.findByText('Failed to load profile')).toBeTruthy();
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to load profile data' });
  });
});
