import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfileDto } from '../../../shared/api/profiles';
import PublicProfilePage from './PublicProfilePage';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast: toastMock }));

afterEach(cleanup);

const full: PublicProfileDto = {
  id: '11111111-2222-4333-8444-555555555555',
  username: 'ada',
  display_name: 'Ada Demo',
  bio: 'Engines.',
  avatar_url: null,
  github_username: 'ada-demo',
  github_url: 'https://github.com/ada-demo',
  github_created_at: '2012-03-14T09:21:07Z',
  location: 'London',
  company: 'Engines Ltd',
  statistics: {
    public_repos: 4,
    followers: 1287,
    following: 42,
    contribution_streak: 12,
    top_languages: [
      { language: 'Python', count: 2 },
      { language: 'Rust', count: 1 },
    ],
  },
  repositories: [
    {
      id: 'r1',
      repo_name: 'ada-demo/analytical-engine',
      repo_url: 'https://github.com/ada-demo/analytical-engine',
      description: 'A toy simulator',
      language: 'Python',
      stars_count: 412,
      forks_count: 37,
    },
  ],
  contributions: [{ id: 'c1', repo_full_name: 'numpy/numpy', contribution_type: 'PushEvent', contribution_count: 9 }],
};

let response: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  toastMock.error.mockReset();
  response = () => json(full);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config')
        return json({ publicUrl: 'https://rooms.example', githubMode: 'emulated', githubWebUrl: 'https://gh' });
      if (url.startsWith('/api/users/')) return response();
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/user/:username?', element: <PublicProfilePage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PublicProfilePage', { timeout: 30_000 }, () => {
  it('shows everything the owner allows', async () => {
    renderAt('/user/ada');
    expect(await screen.findByRole('heading', { name: 'Ada Demo' })).toBeTruthy();
    expect(screen.getByText('@ada')).toBeTruthy();
    expect(screen.getByText('London')).toBeTruthy();
    expect(screen.getByText('Engines Ltd')).toBeTruthy();
    expect(screen.getByText('GitHub since 2012')).toBeTruthy();
    expect(screen.getByText('Day Streak')).toBeTruthy();
    const languages = within(screen.getByRole('list', { name: 'Top Languages' })).getAllByRole('listitem');
    expect(languages.map((item) => item.textContent)).toEqual(['Python 2', 'Rust 1']);
    expect(screen.getByRole('link', { name: 'ada-demo/analytical-engine' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'numpy/numpy' })).getAttribute('href')).toBe(
      'https://gh/numpy/numpy',
    );
    expect(screen.getByText('Pushes')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Ada Demo'));
  });

  it('shows the GitHub login beside a username that differs from it, and only then', async () => {
    renderAt('/user/ada');
    expect(await screen.findByRole('heading', { name: 'Ada Demo' })).toBeTruthy();
    expect(screen.getByTestId('public-github-login').textContent).toBe('GitHub: ada-demo');
    cleanup();
    response = () => json({ ...full, username: 'Ada-Demo' });
    renderAt('/user/ada-demo');
    expect(await screen.findByRole('heading', { name: 'Ada Demo' })).toBeTruthy();
    expect(screen.getByText('@Ada-Demo')).toBeTruthy();
    expect(screen.queryByTestId('public-github-login')).toBeNull();
  });

  it('leaves out what the owner hides', async () => {
    response = () =>
      json({ ...full, location: null, company: null, statistics: null, repositories: null, contributions: null });
    renderAt('/user/ada');
    expect(await screen.findByRole('heading', { name: 'Ada Demo' })).toBeTruthy();
    expect(screen.queryByText('London')).toBeNull();
    expect(screen.queryByText('Engines Ltd')).toBeNull();
    expect(screen.queryByText('GitHub Statistics')).toBeNull();
    expect(screen.queryByText('Popular Repositories')).toBeNull();
    expect(screen.queryByText('Recent Contributions')).toBeNull();
  });

  it('sends a private or missing profile home with a message', async () => {
    response = () => json({ error: { code: 'not_found', message: 'Profile not found or is private' } }, 404);
    renderAt('/user/ghost');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Profile not found or is private' });
  });

  it('sends other failures home with a generic message', async () => {
    response = () => json({ error: { code: 'internal', message: 'boom' } }, 500);
    renderAt('/user/ada');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to fetch profile' });
  });

  it('redirects home without a username', async () => {
    renderAt('/user');
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
