import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { SIDEBAR_COLLAPSED_LIMIT, SIDEBAR_LIMIT } from '../../../shared/limits';
import { useSession } from '../../hooks/useSession';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Tooltip } from '../ui/Tooltip';
import { useMyRooms } from './useMyRooms';
import { useUnreadSummary } from '../../hooks/useUnread';

// Only signed-in users have chats to list: the list's code comes with the signed-in chunk, which
// visitors never download (the header asks for it as soon as the user is known).
const SidebarRoomList = lazy(() => import('./signed-in').then((module) => ({ default: module.SidebarRoomList })));

export interface SidebarChatListProps {
  collapsed: boolean;
  /** Expands the sidebar (the collapsed rail's search button). */
  onExpand?: () => void;
  onNavigate?: () => void;
}

/** Search box, the user's active chats and the list states. */
export function SidebarChatList({ collapsed, onExpand, onNavigate }: SidebarChatListProps) {
  const unread = useUnreadSummary();
  const { user, isLoading: sessionLoading } = useSession();
  const rooms = useMyRooms(SIDEBAR_LIMIT);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearchAfterExpand = useRef(false);

  useEffect(() => {
    if (!collapsed && focusSearchAfterExpand.current) {
      focusSearchAfterExpand.current = false;
      searchRef.current?.focus();
    }
  }, [collapsed]);

  const term = query.trim().toLowerCase();
  const visible = useMemo(() => {
    const all = rooms.data ?? [];
    const matching = term
      ? all.filter(
          (room) => room.title.toLowerCase().includes(term) || room.repo_full_name.toLowerCase().includes(term),
        )
      : all;
    return matching.slice(0, collapsed ? SIDEBAR_COLLAPSED_LIMIT : SIDEBAR_LIMIT);
  }, [rooms.data, term, collapsed]);

  const loading = sessionLoading || (Boolean(user) && rooms.isLoading);
  const searching = term.length > 0 && !collapsed;
  let status: string | null = null;
  if (loading) status = 'Loading...';
  else if (visible.length === 0) status = searching ? 'No chats found' : 'No active chats';
  const statusClass = collapsed
    ? 'px-1 py-2 text-center text-xs text-muted-foreground'
    : 'p-2 text-sm text-muted-foreground';

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      {collapsed ? (
        <Tooltip content="Search chats..." side="right">
          <Button
            variant="ghost"
            size="icon"
            className="mx-auto"
            aria-label="Search chats"
            onClick={() => {
              focusSearchAfterExpand.current = true;
              onExpand?.();
            }}
          >
            <Search className="h-4 w-4" aria-hidden="true" />
          </Button>
        </Tooltip>
      ) : (
        <div className="relative px-2">
          <Search
            className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search chats..."
            aria-label="Search chats"
            className="pl-8"
          />
        </div>
      )}
      <nav aria-label="Active chats" className="min-h-0 flex-1 overflow-y-auto px-2">
        {status ? (
          <div role="status" className={statusClass}>
            <p>{status}</p>
            {!loading && !user && !collapsed && (
              <p className="mt-1 text-xs">
                <Link to="/auth" onClick={onNavigate} className="text-primary underline underline-offset-4">
                  Sign in
                </Link>{' '}
                to see the rooms you joined.
              </p>
            )}
          </div>
        ) : (
          <Suspense
            fallback={
              <div role="status" className={statusClass}>
                <p>Loading...</p>
              </div>
            }
          >
            <SidebarRoomList
              rooms={visible}
              collapsed={collapsed}
              unreadByRoom={unread.byRoom}
              onNavigate={onNavigate}
            />
          </Suspense>
        )}
      </nav>
    </div>
  );
}
