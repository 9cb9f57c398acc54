import { lazy, type ReactNode } from 'react';
import { ArrowLeft, CircleDot, ExternalLink, GitBranch, GitFork, Pin, Star, Timer, Users } from 'lucide-react';
import { SLOW_MODE_LABELS, type SlowModeSeconds } from '../../../../shared/api/rooms';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import type { RepositoryView } from '../state/repository-view';
import { useRoom } from '../state/room-store-context';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { MoreTrigger } from './MoreTrigger';
import type { RoomMoreActions } from './RoomMoreMenu';
import { RoomSearchButton } from './RoomSearchButton';

interface ChatHeaderProps {
  roomId: string;
  repo: RepositoryView;
  isMobile: boolean;
  onBack(): void;
  onOpenMembers(): void;
  /** The room's pinned messages: the 'Pinned' button shows the count and opens them. */
  onOpenPinned(): void;
  /** Every other action, in the "More" menu. */
  more: RoomMoreActions;
  /** The "Activity" control (the repository's activity in the timeline). */
  activity?: ReactNode;
  /** Buttons shown before "More" (a moderator's "Review"). */
  extraActions?: ReactNode;
}

/** 'off', '10 s', '30 s', '60 s', '5 min'. */
function slowModeLabel(seconds: number): string {
  return SLOW_MODE_LABELS[seconds as SlowModeSeconds] ?? `${seconds} s`;
}

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const plural = new Intl.PluralRules('en');

/** '1 online · 1 member', '2 online · 3 members' (the word agrees with its number). */
export function roomCountsText(online: number, members: number): string {
  return `${online} online · ${members} ${plural.select(members) === 'one' ? 'member' : 'members'}`;
}

/**
 * The room header: the repository and its facts on one line, the most used actions (search, the
 * pinned messages, and the members on a phone), and every other action in "More". It keeps one
 * height whatever the actions: they never wrap into more rows.
 */
export function ChatHeader({
  roomId,
  repo,
  isMobile,
  onBack,
  onOpenMembers,
  onOpenPinned,
  more,
  activity,
  extraActions,
}: ChatHeaderProps) {
  const members = useRoom((view) => view.members);
  const onlineIds = useRoom((view) => view.onlineIds);
  const pinnedCount = useRoom((view) => view.pins.length);
  const slowModeSeconds = useRoom((view) => view.room?.slow_mode_seconds ?? 0);
  const onlineCount = members.filter((m) => onlineIds.has(m.user.id)).length;
  return (
    <header
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b px-3 py-2 sm:flex-nowrap sm:px-4"
      data-testid="room-header"
    >
      <Button variant="ghost" size="icon" aria-label="Back" onClick={onBack} className="shrink-0">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Avatar src={repo.ownerAvatarUrl} name={repo.owner} className="h-8 w-8 shrink-0" />
      <div className="order-1 flex min-w-0 flex-1 items-center gap-2 sm:flex-initial">
        <h1 className="truncate text-base font-semibold">
          <span className="text-muted-foreground">{repo.owner}/</span>
          {repo.name}
        </h1>
        {repo.defaultBranch && (
          <Badge variant="outline" className="hidden shrink-0 gap-1 font-mono sm:inline-flex" title="Default branch">
            <GitBranch className="h-3 w-3" aria-hidden="true" />
            {repo.defaultBranch}
          </Badge>
        )}
      </div>
      {/* The facts: a line of their own under the name on a phone, beside it on a wide screen. */}
      <div className="order-3 flex w-full min-w-0 items-center gap-x-3 overflow-hidden text-xs whitespace-nowrap text-muted-foreground sm:order-2 sm:w-auto sm:flex-1">
        <span data-testid="room-counts">{roomCountsText(onlineCount, members.length)}</span>
        <span className="inline-flex items-center gap-1" title="Stars">
          <Star className="h-3 w-3" aria-hidden="true" />
          <span className="sr-only">Stars:</span>
          {compact.format(repo.stars)}
        </span>
        <span className="inline-flex items-center gap-1" title="Forks">
          <GitFork className="h-3 w-3" aria-hidden="true" />
          <span className="sr-only">Forks:</span>
          {compact.format(repo.forks)}
        </span>
        {repo.openIssues !== null && (
          <span className="inline-flex items-center gap-1" title="Open issues">
            <CircleDot className="h-3 w-3" aria-hidden="true" />
            <span className="sr-only">Open issues:</span>
            {compact.format(repo.openIssues)}
          </span>
        )}
        {slowModeSeconds > 0 && (
          <span className="inline-flex items-center gap-1" data-testid="slow-mode-badge">
            <Timer className="h-3 w-3" aria-hidden="true" />
            Slow mode: {slowModeLabel(slowModeSeconds)}
          </span>
        )}
        <a
          href={repo.htmlUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 hover:text-foreground hover:underline"
        >
          <ExternalLink className="h-3 w-3" aria-hidden="true" />
          View repository
        </a>
      </div>
      <div className="order-2 ml-auto flex shrink-0 items-center gap-1.5 sm:order-3">
        {isMobile && (
          <Button variant="outline" size="sm" onClick={onOpenMembers} aria-label="Members">
            <Users className="h-4 w-4" aria-hidden="true" />
            {members.length}
          </Button>
        )}
        <RoomSearchButton roomId={roomId} />
        {activity}
        <Button
          variant="outline"
          size="sm"
          onClick={onOpenPinned}
          data-testid="pinned-button"
          aria-label={`Pinned messages: ${pinnedCount}`}
        >
          <Pin className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Pinned</span>
          <span className="rounded-full bg-secondary px-1.5 text-xs" data-testid="pinned-count">
            {pinnedCount}
          </span>
        </Button>
        {extraActions}
        <MoreButton actions={more} />
      </div>
    </header>
  );
}

// The "More" menu's code is downloaded when it is first opened.
const loadMoreMenu = () => import('./RoomMoreMenu');
const RoomMoreMenu = lazy(loadMoreMenu);

function MoreButton({ actions }: { actions: RoomMoreActions }) {
  return (
    <LoadOnUse
      preload={() => void loadMoreMenu()}
      placeholder={(handlers) => (
        <MoreTrigger openReportCount={actions.moderator?.openReportCount} aria-expanded={false} {...handlers} />
      )}
    >
      <RoomMoreMenu
        actions={actions}
        trigger={<MoreTrigger openReportCount={actions.moderator?.openReportCount} />}
        defaultOpen
      />
    </LoadOnUse>
  );
}
