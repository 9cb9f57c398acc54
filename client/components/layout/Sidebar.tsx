import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useOpenedOnce } from '../../hooks/useOpenedOnce';
import { cn } from '../../lib/cn';
import { Tooltip } from '../ui/Tooltip';
import { useSidebar } from './sidebar-context';
import { SidebarChatList } from './SidebarChatList';
import { MY_ROOMS_QUERY_KEY } from './useMyRooms';

// Only phones download the sheet (dialog) code, when the chats are first opened.
const MobileSidebarSheet = lazy(() =>
  import('./MobileSidebarSheet').then((module) => ({ default: module.MobileSidebarSheet })),
);

const SHORTCUT_HINT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘B' : 'Ctrl+B';

/**
 * The user's active chats: a rail beside the content on wide screens (collapsed by default),
 * a sheet opened from the header below 768 px.
 */
export function Sidebar() {
  const { expanded, setExpanded, isMobile, mobileOpen, setMobileOpen } = useSidebar();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const sheetOpened = useOpenedOnce(mobileOpen);

  // Entering a room may have joined it: refresh the list.
  useEffect(() => {
    if (pathname.startsWith('/chat/')) void queryClient.invalidateQueries({ queryKey: MY_ROOMS_QUERY_KEY });
  }, [pathname, queryClient]);

  if (isMobile) {
    if (!sheetOpened) return null;
    return (
      <Suspense fallback={null}>
        <MobileSidebarSheet open={mobileOpen} onOpenChange={setMobileOpen} />
      </Suspense>
    );
  }

  const collapsed = !expanded;
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      aria-label="Chats"
      data-state={collapsed ? 'collapsed' : 'expanded'}
      className="sticky top-0 flex h-svh shrink-0 flex-col gap-2 border-r bg-sidebar py-3 transition-[width] duration-200"
      style={{ width: collapsed ? 'var(--sidebar-width-icon)' : 'var(--sidebar-width)' }}
    >
      <h2 className={cn('px-4 font-semibold', collapsed ? 'text-center text-xs' : 'text-sm')}>
        {collapsed ? 'Chats' : 'Active chats'}
      </h2>
      <SidebarChatList collapsed={collapsed} onExpand={() => setExpanded(true)} />
      <div className={cn('px-2', collapsed && 'flex justify-center')}>
        <Tooltip content={`${toggleLabel} (${SHORTCUT_HINT})`} side="right">
          <button
            type="button"
            onClick={() => setExpanded(collapsed)}
            aria-label={toggleLabel}
            aria-expanded={!collapsed}
            aria-keyshortcuts="Control+B Meta+B"
            className={cn(
              'flex h-9 items-center gap-2 rounded-md px-2 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              collapsed ? 'w-9 justify-center' : 'w-full',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen className="h-4 w-4" aria-hidden="true" />
            ) : (
              <PanelLeftClose className="h-4 w-4" aria-hidden="true" />
            )}
            {!collapsed && <span>Collapse</span>}
          </button>
        </Tooltip>
      </div>
    </aside>
  );
}
