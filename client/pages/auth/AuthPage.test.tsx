import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToasterHost } from '../../app/ToasterHost';
import AuthPage from './AuthPage';
import { returnPathFrom, signInStartUrl } from './sign-in-url';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubMe(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

function renderAuth(path = '/auth') {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToasterHost />
    </QueryClientProvider>,
  );
  return router;
}

describe('AuthPage', () => {
  it('shows the sign-in card with the GitHub button, Back to Home and the data note', async () => {
    stubMe(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    renderAuth();
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
    expect(screen.getByText(/username and display name, avatar and bio, public email/)).toBeTruthy();
  });

  it('shows Connecting... and disables the button while the flow starts', async () => {
    stubMe(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAuth();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    const busy = await screen.findByRole('button', { name: 'Connecting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    errors.mockRestore();
  });

  it('shows an Error toast for ?error= and keeps the button enabled', async () => {
    stubMe(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    const router = renderAuth('/auth?error=access_denied');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Sign-in was cancelled on GitHub.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Continue with GitHub' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(router.state.location.search).toBe('');
  });

  it('names the address to use when the sign-in was started at another one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.endsWith('/api/config')
          ? {
              publicUrl: 'http://localhost:3000',
              githubMode: 'emulated',
              githubWebUrl: 'http://localhost:3000/_emulator',
            }
          : { error: { code: 'unauthorized', message: 'Authentication required' } };
        return new Response(JSON.stringify(body), {
          status: url.endsWith('/api/config') ? 200 : 401,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderAuth('/auth?error=wrong_origin');
    expect(await screen.findByText('Wrong address')).toBeTruthy();
    expect(
      screen.getByText(
        'Sign-in only works at http://localhost:3000, the address this site is set up for. Open http://localhost:3000 and sign in there.',
      ),
    ).toBeTruthy();
  });

  it('puts a space before the product name in the data note', async () => {
    stubMe(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    renderAuth();
    expect((await screen.findByText(/public email/)).textContent).toContain('to set up your RepoRooms profile.');
  });

  it('sends a signed-in visitor to /', async () => {
    stubMe(200, {
      id: 'u1',
      username: 'ada',
      display_name: 'Ada',
      avatar_url: null,
      github_username: 'ada',
      theme_preference: 'system',
    });
    const router = renderAuth();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Back to Home goes to /', async () => {
    stubMe(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    const router = renderAuth();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Home' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('sign-in URL', () => {
  it('starts the server flow with a same-site return path only', () => {
    expect(signInStartUrl('/chat/1?a=b')).toBe('/api/auth/github/start?returnTo=%2Fchat%2F1%3Fa%3Db');
    expect(returnPathFrom({ from: '/profile' })).toBe('/profile');
    expect(returnPathFrom({ from: '//evil.example' })).toBe('/');
    expect(returnPathFrom({ from: 'https://evil.example' })).toBe('/');
    expect(returnPathFrom(null)).toBe('/');
  });
});
