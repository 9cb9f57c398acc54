import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { readSidebarExpanded, writeSidebarExpanded } from './sidebar-cookie';
import { SidebarContext, type SidebarState } from './sidebar-context';

/** docs/PRODUCT.md §9 sidebar widths. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '4rem';
const SHORTCUT_KEY = 'b';

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [expanded, setExpandedState] = useState(() => readSidebarExpanded());
  const [mobileOpenState, setMobileOpen] = useState(false);
  // Only meaningful in the mobile layout; a wider window simply hides the sheet.
  const mobileOpen = isMobile && mobileOpenState;

  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next);
    writeSidebarExpanded(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded(!expanded);
  }, [isMobile, expanded, setExpanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SHORTCUT_KEY || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarState>(
    () => ({ expanded, setExpanded, mobileOpen, setMobileOpen, isMobile, toggle }),
    [expanded, setExpanded, mobileOpen, isMobile, toggle],
  );
  const style = {
    '--sidebar-width': SIDEBAR_WIDTH,
    '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
    '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
  } as CSSProperties;
  return (
    <SidebarContext.Provider value={value}>
      <div style={style} className="flex min-h-full w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
