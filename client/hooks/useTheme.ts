import { useSyncExternalStore } from 'react';
import { THEMES, type Theme } from '../../shared/limits';

/** Same key as public/theme-init.js, which applies the theme before the first paint. */
export const THEME_STORAGE_KEY = 'reporooms-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type ResolvedTheme = 'light' | 'dark';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function readStoredTheme(): Theme {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : readStoredTheme();

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme): ResolvedTheme {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark()) ? 'dark' : 'light';
}

function apply(): void {
  const dark = resolveTheme(current) === 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  for (const listener of listeners) listener();
}

/**
 * Switches the theme app-wide and remembers it in this browser. The profile page calls this when
 * the user picks a theme (and saves the preference to the server itself).
 */
export function setTheme(theme: Theme): void {
  if (!isTheme(theme)) return;
  current = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* storage unavailable: the theme still applies for this visit */
  }
  apply();
}

export function getTheme(): Theme {
  return current;
}

let watchingSystem = false;
/**
 * Follows the operating system's light/dark switch live while the theme is 'system' (and another
 * tab's choice). Started by ThemeSync, which is always mounted, and by any useTheme caller.
 */
export function watchSystemTheme(): void {
  if (watchingSystem || typeof window.matchMedia !== 'function') return;
  watchingSystem = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current === 'system') apply();
  });
  // Another tab changed the theme.
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = isTheme(event.newValue) ? event.newValue : 'system';
    apply();
  });
}

function subscribe(listener: () => void): () => void {
  watchSystemTheme();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme ('light' | 'dark' | 'system') and what it resolves to right now. */
export function useTheme(): { theme: Theme; resolvedTheme: ResolvedTheme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'system' as Theme);
  const resolvedTheme = useSyncExternalStore(
    subscribe,
    () => resolveTheme(current),
    () => 'light' as ResolvedTheme,
  );
  return { theme, resolvedTheme, setTheme };
}
