import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTheme, setTheme } from '../hooks/useTheme';
import { ThemeSync } from './ThemeSync';

afterEach(() => {
  cleanup();
  setTheme('system');
});

describe('ThemeSync', () => {
  it("applies the signed-in user's saved theme over this browser's choice once it loads", async () => {
    setTheme('light');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              id: 'u1',
              username: 'ada',
              display_name: null,
              avatar_url: null,
              github_username: 'ada',
              theme_preference: 'dark',
            }),
          ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeSync />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(getTheme()).toBe('dark'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('reporooms-theme')).toBe('dark');
  });
});
