import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { RoomUnreadDto } from '../../../shared/api/read-state';
import type { RoomSummaryDto } from '../../../shared/api/rooms';
import { api } from '../../api/endpoints';
import { formatUnreadCount } from '../../hooks/useUnread';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/Avatar';
import { Tooltip } from '../ui/Tooltip';

export interface SidebarRoomEntryProps {
  room: RoomSummaryDto;
  collapsed: boolean;
  active: boolean;
  /** Unread messages and mentions of the user in this room. */
  unread?: RoomUnreadDto | undefined;
  onNavigate?: () => void;
}

/** "5 unread messages, mentioned you": what the count and the "@" say, for screen readers. */
export function unreadDescription(unread: RoomUnreadDto): string {
  const count = formatUnreadCount(unread.unread_count);
  const parts = [`${count} unread ${unread.unread_count === 1 ? 'message' : 'messages'}`];
  if (unread.mention_count > 0) parts.push('mentioned you');
  return parts.join(', ');
}

/** The count (and "@" for a mention) beside a room with unread messages. */
export function UnreadBadges({ unread, className }: { unread: RoomUnreadDto; className?: string }) {
  if (unread.unread_count === 0 && unread.mention_count === 0) return null;
  return (
    <span className={cn('flex shrink-0 items-center gap-1', className)}>
      <span className="sr-only">{`, ${unreadDescription(unread)}`}</span>
      {unread.mention_count > 0 && (
        <span
          aria-hidden="true"
          data-testid="mention-marker"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-destructive-foreground"
        >
          @
        </span>
      )}
      {unread.unread_count > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
        >
          {formatUnreadCount(unread.unread_count)}
        </span>
      )}
    </span>
  );
}

export function splitRepoFullName(fullName: string): { owner: string; name: string } {
  const slash = fullName.indexOf('/');
  return slash < 0
    ? { owner: fullName, name: fullName }
    : { owner: fullName.slice(0, slash), name: fullName.slice(slash + 1) };
}

/** The owner's avatar for a sidebar entry; failures are silent (docs/PRODUCT.md §8). */
export function useRepositoryAvatar(fullName: string): string | null {
  const { owner, name } = splitRepoFullName(fullName);
  const query = useQuery({
    queryKey: ['repos', owner, name, 'details'],
    queryFn: () => api.repos.details(owner, name),
    retry: false,
    enabled: Boolean(owner && name),
  });
  return query.data?.owner.avatar_url ?? null;
}

/** One chat in the sidebar: room title (or repo name), owner and the owner's avatar. */
export function SidebarRoomEntry({ room, collapsed, active, unread, onNavigate }: SidebarRoomEntryProps) {
  const { owner, name } = splitRepoFullName(room.repo_full_name);
  const avatar = useRepositoryAvatar(room.repo_full_name);
  const title = room.title.trim() || name;
  const hasUnread = Boolean(unread && (unread.unread_count > 0 || unread.mention_count > 0));
  const link = (
    <Link
      to={`/chat/${encodeURIComponent(room.id)}`}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={
        collapsed ? `${title} (${owner})${hasUnread && unread ? `, ${unreadDescription(unread)}` : ''}` : undefined
      }
      data-unread={hasUnread || undefined}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-md p-2 text-sm hover:bg-accent hover:text-accent-foreground',
        collapsed && 'justify-center',
        active && 'bg-accent font-medium text-accent-foreground',
        hasUnread && 'font-semibold text-foreground',
      )}
    >
      <span aria-hidden="true" className="relative flex shrink-0">
        <Avatar src={avatar} name={owner} className="h-7 w-7" />
        {collapsed && unread && hasUnread && (
          // The rail has no room for a row: the badges sit on the avatar's corner.
          <UnreadBadges unread={unread} className="absolute -top-2 -right-3 scale-90" />
        )}
      </span>
      {!collapsed && (
        <span className="flex min-w-0 flex-1 flex-col">
          <span className={cn('truncate', hasUnread ? 'font-bold' : 'font-medium')}>{title}</span>
          <span className="truncate text-xs text-muted-foreground">{owner}</span>
        </span>
      )}
      {!collapsed && unread && <UnreadBadges unread={unread} />}
    </Link>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip content={`${title} · ${owner}`} side="right">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

export interface SidebarRoomListProps {
  rooms: RoomSummaryDto[];
  collapsed: boolean;
  /** Unread messages and mentions of the user, by room id. */
  unreadByRoom: Map<string, RoomUnreadDto>;
  onNavigate?: () => void;
}

/** The user's chats in the sidebar, the open one marked. Only signed-in users have any. */
export function SidebarRoomList({ rooms, collapsed, unreadByRoom, onNavigate }: SidebarRoomListProps) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {rooms.map((room) => (
        <SidebarRoomEntry
          key={room.id}
          room={room}
          collapsed={collapsed}
          active={pathname === `/chat/${room.id}`}
          unread={unreadByRoom.get(room.id)}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}
