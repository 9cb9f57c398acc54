import { useCallback, useSyncExternalStore } from 'react';

/** The reader's own choice to see the repository's activity rows (every room, this browser). */
const KEY = 'reporooms:show-activity';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'false';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** "Show activity": on unless the reader turned it off. */
export function useShowActivity(): [boolean, (show: boolean) => void] {
  const shown = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((show: boolean) => {
    try {
      window.localStorage.setItem(KEY, String(show));
    } catch {
      /* storage unavailable: the choice lasts as long as the page */
    }
    for (const listener of listeners) listener();
  }, []);
  return [shown, set];
}
