import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../../shared/limits';

/** Whether a CSS media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** docs/PRODUCT.md §9: screens narrower than 768 px use the mobile layout. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
}
