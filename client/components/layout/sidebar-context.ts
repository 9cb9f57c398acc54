import { createContext, useContext } from 'react';

export interface SidebarState {
  /** Desktop: full width (16rem) when true, icon rail (4rem) when false. */
  expanded: boolean;
  setExpanded(expanded: boolean): void;
  /** Below 768 px the sidebar is a sheet; this is whether it is open. */
  mobileOpen: boolean;
  setMobileOpen(open: boolean): void;
  isMobile: boolean;
  /** Ctrl/Cmd+B and the collapse item: expands/collapses, or opens/closes the sheet on mobile. */
  toggle(): void;
}

export const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return state;
}
