import { act, cleanup, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteError';

afterEach(cleanup);

function Boom({ value }: { value: unknown }): React.ReactNode {
  throw value;
}

function Screens({ thrown }: { thrown: unknown }) {
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/other">Other</Link>
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>
          <Route path="/x" element={<Boom value={thrown} />} />
          <Route path="/other" element={<p>Other page</p>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

function renderAt(path: string, thrown: unknown) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Screens thrown={thrown} />
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the generic title and the error message when a screen throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', new Error('The room list exploded'));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The room list exploded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });

  it('shows a thrown value that is not an Error as text', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', 'chunk failed');
    expect(screen.getByText('chunk failed')).toBeTruthy();
    spy.mockRestore();
  });

  it('renders the next page after moving away from the failed one', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/x', new Error('broken'));
    expect(screen.getByText('broken')).toBeTruthy();
    act(() => screen.getByRole('link', { name: 'Other' }).click());
    expect(screen.getByText('Other page')).toBeTruthy();
    expect(screen.queryByText('broken')).toBeNull();
    spy.mockRestore();
  });
});
