import { Link } from 'react-router';
import type { RoomSummaryDto } from '../../../shared/api/rooms';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/Avatar';
import { Tooltip } from '../ui/Tooltip';
import { splitRepoFullName, useRepositoryAvatar } from './useMyRooms';

export interface SidebarRoomEntryProps {
  room: RoomSummaryDto;
  collapsed: boolean;
  active: boolean;
  onNavigate?: () => void;
}

/** One chat in the sidebar: room title (or repo name), owner and the owner's avatar. */
export function SidebarRoomEntry({ room, collapsed, active, onNavigate }: SidebarRoomEntryProps) {
  const { owner, name } = splitRepoFullName(room.repo_full_name);
  const avatar = useRepositoryAvatar(room.repo_full_name);
  const title = room.title.trim() || name;
  const link = (
    <Link
      to={`/chat/${encodeURIComponent(room.id)}`}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? `${title} (${owner})` : undefined}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-md p-2 text-sm hover:bg-accent hover:text-accent-foreground',
        collapsed && 'justify-center',
        active && 'bg-accent font-medium text-accent-foreground',
      )}
    >
      <span aria-hidden="true" className="contents">
        <Avatar src={avatar} name={owner} className="h-7 w-7" />
      </span>
      {!collapsed && (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{title}</span>
          <span className="truncate text-xs text-muted-foreground">{owner}</span>
        </span>
      )}
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
