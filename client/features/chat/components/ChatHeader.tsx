import { lazy } from 'react';
import {
  ArrowLeft,
  ChevronDown,
  ChevronUp,
  CircleDot,
  ExternalLink,
  GitBranch,
  GitFork,
  Link as LinkIcon,
  LogOut,
  Flag,
  Pin,
  ScrollText,
  Timer,
  Star,
  Users,
} from 'lucide-react';
import { SLOW_MODE_LABELS, type SlowModeSeconds } from '../../../../shared/api/rooms';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';
import type { SlowModeMenuProps } from './SlowModeMenu';
import type { NotificationsMenuProps } from './NotificationsMenu';
import { NotificationsTrigger } from './NotificationsTrigger';
import type { NotificationLevel } from '../../../../shared/api/notifications';
import type { RepositoryView } from '../state/repository-view';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { RoomSearchButton } from './RoomSearchButton';

interface ChatHeaderProps {
  roomId: string;
  repo: RepositoryView;
  onlineCount: number;
  memberCount: number;
  detailsOpen: boolean;
  isMobile: boolean;
  leaving: boolean;
  onBack(): void;
  onToggleDetails(): void;
  onOpenMembers(): void;
  onCopyInvite(): void;
  onLeave(): void;
  /** Pinned messages of the room: the 'Pinned' button shows the count and opens them. */
  pinnedCount?: number;
  onOpenPinned?(): void;
  /** The room's slow mode (seconds, 0 = off); `onSlowModeChange` only for moderators. */
  slowModeSeconds?: number;
  onSlowModeChange?(seconds: SlowModeSeconds): void;
  /** Moderators: the 'Reports' button with the count of open reports, and the 'Moderation log'. */
  openReportCount?: number;
  onOpenReports?(): void;
  onOpenModerationLog?(): void;
  /** How the member hears about the room (the "Notifications" control). */
  notificationLevel?: NotificationLevel;
  onNotificationLevelChange?(level: NotificationLevel): void;
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

export function ChatHeader(props: ChatHeaderProps) {
  const { repo } = props;
  return (
    <header className="flex flex-wrap items-center gap-3 border-b px-4 py-3">
      <Button variant="ghost" size="icon" aria-label="Back" onClick={props.onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Avatar src={repo.ownerAvatarUrl} name={repo.owner} className="h-9 w-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="truncate text-base font-semibold">
            <span className="text-muted-foreground">{repo.owner}/</span>
            {repo.name}
          </h1>
          {repo.defaultBranch && (
            <Badge variant="outline" className="gap-1 font-mono" title="Default branch">
              <GitBranch className="h-3 w-3" aria-hidden="true" />
              {repo.defaultBranch}
            </Badge>
          )}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span data-testid="room-counts">{roomCountsText(props.onlineCount, props.memberCount)}</span>
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
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {repo.language && <Badge>{repo.language}</Badge>}
        {props.isMobile && (
          <Button variant="outline" size="sm" onClick={props.onOpenMembers} aria-label="Members">
            <Users className="h-4 w-4" aria-hidden="true" />
            {props.memberCount}
          </Button>
        )}
        <RoomSearchButton roomId={props.roomId} />
        <Button variant="outline" size="sm" onClick={props.onToggleDetails} aria-expanded={props.detailsOpen}>
          {props.detailsOpen ? (
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          )}
          {props.detailsOpen ? 'Hide details' : 'Show details'}
        </Button>
        {props.onSlowModeChange ? (
          <SlowModeButton label={slowModeLabel(props.slowModeSeconds ?? 0)} onChange={props.onSlowModeChange} />
        ) : (
          (props.slowModeSeconds ?? 0) > 0 && (
            <Badge data-testid="slow-mode-badge">
              <Timer className="mr-1 h-3 w-3" aria-hidden="true" />
              Slow mode: {slowModeLabel(props.slowModeSeconds ?? 0)}
            </Badge>
          )
        )}
        {props.onOpenPinned && (
          <Button variant="outline" size="sm" onClick={props.onOpenPinned} data-testid="pinned-button">
            <Pin className="h-4 w-4" aria-hidden="true" />
            Pinned
            <span className="rounded-full bg-secondary px-1.5 text-xs" data-testid="pinned-count">
              {props.pinnedCount ?? 0}
            </span>
          </Button>
        )}
        {props.onNotificationLevelChange && (
          <NotificationsButton
            level={props.notificationLevel ?? 'mentions'}
            onChange={props.onNotificationLevelChange}
          />
        )}
        {props.onOpenReports && (
          <Button variant="outline" size="sm" onClick={props.onOpenReports} data-testid="reports-button">
            <Flag className="h-4 w-4" aria-hidden="true" />
            Reports
            <span
              className={
                (props.openReportCount ?? 0) > 0
                  ? 'rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground'
                  : 'rounded-full bg-secondary px-1.5 text-xs'
              }
              data-testid="reports-count"
            >
              {props.openReportCount ?? 0}
            </span>
          </Button>
        )}
        {props.onOpenModerationLog && (
          <Button variant="outline" size="sm" onClick={props.onOpenModerationLog} data-testid="moderation-log-button">
            <ScrollText className="h-4 w-4" aria-hidden="true" />
            Moderation log
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={props.onCopyInvite}>
          <LinkIcon className="h-4 w-4" aria-hidden="true" />
          Copy invite
        </Button>
        <Button variant="outline" size="sm" onClick={props.onLeave} disabled={props.leaving}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Leave
        </Button>
      </div>
    </header>
  );
}

// The slow-mode menu's code is downloaded when a moderator first opens it.
const loadSlowModeMenu = () => import('./SlowModeMenu');
const SlowModeMenu = lazy(loadSlowModeMenu);

function SlowModeButton(props: SlowModeMenuProps) {
  return (
    <LoadOnUse
      preload={() => void loadSlowModeMenu()}
      placeholder={(handlers) => (
        <Button variant="outline" size="sm" data-testid="slow-mode-button" aria-haspopup="menu" {...handlers}>
          <Timer className="h-4 w-4" aria-hidden="true" />
          Slow mode: {props.label}
        </Button>
      )}
    >
      <SlowModeMenu {...props} defaultOpen />
    </LoadOnUse>
  );
}

// The notifications menu's code is downloaded when it is first opened.
const loadNotificationsMenu = () => import('./NotificationsMenu');
const NotificationsMenu = lazy(loadNotificationsMenu);

function NotificationsButton(props: NotificationsMenuProps) {
  return (
    <LoadOnUse
      preload={() => void loadNotificationsMenu()}
      placeholder={(handlers) => <NotificationsTrigger level={props.level} {...handlers} />}
    >
      <NotificationsMenu {...props} defaultOpen />
    </LoadOnUse>
  );
}
