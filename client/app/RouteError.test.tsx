import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

afterEach(cleanup);

function renderAt(path: string, element: React.ReactNode, loader?: () => unknown) {
  const router = createMemoryRouter(
    [{ path: '/', errorElement: <RouteError />, children: [{ path: 'x', element, loader }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

function Boom(): React.ReactNode {
  throw new Error('The room list exploded');
}

describe('RouteError', () => {
  it('shows the generic title and the error message when a screen throws', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', <Boom />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The room list exploded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });

  it('shows the status of a thrown response', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', <p>never</p>, () => {
      throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
    });
    expect(await screen.findByText('503 Service Unavailable')).toBeTruthy();
    expect(screen.queryByText('never')).toBeNull();
    spy.mockRestore();
  });
});
