import {
  Check,
  ChevronDown,
  ChevronUp,
  CircleHelp,
  Inbox,
  Link as LinkIcon,
  LogOut,
  ScrollText,
  Shield,
} from 'lucide-react';
import type { ReactElement } from 'react';
import {
  NOTIFICATION_LEVEL_LABELS,
  NOTIFICATION_LEVELS,
  type NotificationLevel,
} from '../../../../shared/api/notifications';
import { SLOW_MODE_CHOICES, SLOW_MODE_LABELS, type SlowModeSeconds } from '../../../../shared/api/rooms';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';

/** Everything the room header does besides its visible actions. */
export interface RoomMoreActions {
  detailsOpen: boolean;
  onToggleDetails(): void;
  onCopyInvite(): void;
  /** The room's questions (its threads), by answer state. */
  onOpenQuestions(): void;
  /** A member's own settings of the room: how they hear about it, and leaving it (absent for readers). */
  member?:
    | {
        leaving: boolean;
        onLeave(): void;
        notifications: { level: NotificationLevel; onChange(level: NotificationLevel): void };
      }
    | undefined;
  /** Moderators only: slow mode, the open reports and the moderation log. */
  moderator?:
    | {
        slowModeSeconds: number;
        onSlowModeChange(seconds: SlowModeSeconds): void;
        openReportCount: number;
        onOpenReports(): void;
        onOpenModerationLog(): void;
        /** The room's protection from spam (docs/PRODUCT.md §20). */
        onOpenProtection?: (() => void) | undefined;
      }
    | undefined;
}

const checkClass = (on: boolean) => (on ? 'h-4 w-4' : 'h-4 w-4 opacity-0');

/** The room header's "More" menu (loaded on first use, see ChatHeader). */
export default function RoomMoreMenu({
  actions,
  trigger,
  defaultOpen = false,
}: {
  actions: RoomMoreActions;
  /** The "More" button (MoreTrigger), passed in so this lazily loaded menu adds no module of its own to it. */
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const { moderator, member } = actions;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70dvh] overflow-y-auto">
        <DropdownMenuItem onSelect={actions.onToggleDetails}>
          {actions.detailsOpen ? (
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          )}
          {actions.detailsOpen ? 'Hide details' : 'Show details'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={actions.onOpenQuestions} data-testid="questions-button">
          <CircleHelp className="h-4 w-4" aria-hidden="true" />
          Questions
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={actions.onCopyInvite}>
          <LinkIcon className="h-4 w-4" aria-hidden="true" />
          Copy invite
        </DropdownMenuItem>
        {moderator && (
          <>
            <DropdownMenuItem onSelect={moderator.onOpenReports} data-testid="reports-button">
              <Inbox className="h-4 w-4" aria-hidden="true" />
              Reports
              <span className="ml-auto rounded-full bg-secondary px-1.5 text-xs" data-testid="reports-menu-count">
                {moderator.openReportCount}
              </span>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={moderator.onOpenModerationLog} data-testid="moderation-log-button">
              <ScrollText className="h-4 w-4" aria-hidden="true" />
              Moderation log
            </DropdownMenuItem>
            {moderator.onOpenProtection && (
              <DropdownMenuItem onSelect={moderator.onOpenProtection} data-testid="protection-button">
                <Shield className="h-4 w-4" aria-hidden="true" />
                Protection
              </DropdownMenuItem>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Slow mode</DropdownMenuLabel>
            {SLOW_MODE_CHOICES.map((seconds) => (
              <DropdownMenuItem
                key={seconds}
                onSelect={() => moderator.onSlowModeChange(seconds)}
                data-current={seconds === moderator.slowModeSeconds || undefined}
              >
                <Check className={checkClass(seconds === moderator.slowModeSeconds)} aria-hidden="true" />
                {SLOW_MODE_LABELS[seconds] === 'off' ? 'Off' : SLOW_MODE_LABELS[seconds]}
              </DropdownMenuItem>
            ))}
          </>
        )}
        {member && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Notifications</DropdownMenuLabel>
            {NOTIFICATION_LEVELS.map((choice) => (
              <DropdownMenuItem
                key={choice}
                onSelect={() => member.notifications.onChange(choice)}
                data-testid="notification-level"
                data-current={choice === member.notifications.level || undefined}
              >
                <Check className={checkClass(choice === member.notifications.level)} aria-hidden="true" />
                {NOTIFICATION_LEVEL_LABELS[choice]}
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={member.onLeave} disabled={member.leaving}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Leave
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
