import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTheme, THEME_STORAGE_KEY, useTheme } from './useTheme';

let prefersDark = false;
// The theme store subscribes to the system query once per page load, so listeners persist across tests.
const mediaListeners = new Set<() => void>();

beforeEach(() => {
  prefersDark = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? prefersDark : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => mediaListeners.delete(listener),
  }));
});
afterEach(() => {
  cleanup();
  setTheme('system');
});

function Probe() {
  const { theme, resolvedTheme } = useTheme();
  return (
    <p>
      {theme}:{resolvedTheme}
    </p>
  );
}

describe('theme', () => {
  it('applies light and dark app-wide and remembers the choice under the init script key', () => {
    render(<Probe />);
    act(() => setTheme('dark'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByText('dark:dark')).toBeTruthy();
    act(() => setTheme('light'));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(screen.getByText('light:light')).toBeTruthy();
  });

  it('follows the system preference live while the theme is system', () => {
    render(<Probe />);
    act(() => setTheme('system'));
    expect(screen.getByText('system:light')).toBeTruthy();
    prefersDark = true;
    act(() => mediaListeners.forEach((listener) => listener()));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByText('system:dark')).toBeTruthy();
    act(() => setTheme('light'));
    prefersDark = false;
    act(() => mediaListeners.forEach((listener) => listener()));
    prefersDark = true;
    act(() => mediaListeners.forEach((listener) => listener()));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
