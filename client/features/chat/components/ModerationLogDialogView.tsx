import type { ModerationLogEntryDto } from '../../../../shared/api/moderation-tools';
import {
  MUTE_DURATION_LABELS,
  SLOW_MODE_LABELS,
  type MuteDuration,
  type SlowModeSeconds,
} from '../../../../shared/api/rooms';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { displayName } from './person';

export interface ModerationLogDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  entries: ModerationLogEntryDto[] | undefined;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the entry says after the moderator's name: 'muted Ada for 1 hour'. */
export function moderationLogText(entry: ModerationLogEntryDto): string {
  const target = entry.target ? displayName(entry.target) : 'someone';
  switch (entry.action) {
    case 'message.removed':
      return `removed a message by ${target}`;
    case 'message.pinned':
      return `pinned a message by ${target}`;
    case 'message.unpinned':
      return `unpinned a message by ${target}`;
    case 'member.muted':
      return `muted ${target} for ${MUTE_DURATION_LABELS[entry.detail as MuteDuration] ?? entry.detail}`;
    case 'member.unmuted':
      return `unmuted ${target}`;
    case 'member.banned':
      return `banned ${target} from the room`;
    case 'member.unbanned':
      return `unbanned ${target}`;
    case 'room.slow_mode_changed': {
      const seconds = Number(entry.detail);
      return seconds === 0
        ? 'turned slow mode off'
        : `set slow mode to ${SLOW_MODE_LABELS[seconds as SlowModeSeconds] ?? `${seconds} s`}`;
    }
    case 'room.topic_changed':
      return entry.detail ? `set the topic to “${entry.detail}”` : 'cleared the topic';
    case 'room.archive_access_changed':
      return entry.detail === 'members' ? 'made the room readable by members only' : 'made the room readable by anyone';
    case 'room.archive_indexing_changed':
      return entry.detail === 'hidden' ? 'hid the room from search engines' : 'let search engines index the room';
    case 'report.dismissed':
      return `dismissed the reports of a message by ${target}`;
    case 'answer.marked':
      return `marked a reply by ${target} as the answer`;
    case 'answer.unmarked':
      return `unmarked the answer by ${target}`;
    case 'message.approved':
      return `approved a held message by ${target}`;
    case 'message.rejected':
      return `rejected a held message by ${target}`;
    case 'room.protection_changed':
      return 'changed the room’s protection';
    default:
      return entry.action;
  }
}

/** The room's moderation log, newest first: who did what to whom and when. */
export default function ModerationLogDialogView(props: ModerationLogDialogProps) {
  const { entries } = props;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title="Moderation log"
        description="Every moderation action in this room, newest first. Only moderators can see it."
        className="max-w-lg"
      >
        {props.loading || !entries ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No moderation actions yet.</p>
        ) : (
          <div className="max-h-96 space-y-2 overflow-y-auto">
            <ul className="space-y-2" aria-label="Moderation log">
              {entries.map((entry) => (
                <li key={entry.id} className="text-sm" data-testid="moderation-log-entry" data-action={entry.action}>
                  <span className="font-medium">{displayName(entry.actor)}</span> {moderationLogText(entry)}
                  <time className="block text-xs text-muted-foreground" dateTime={entry.created_at}>
                    {timeFormat.format(new Date(entry.created_at))}
                  </time>
                </li>
              ))}
            </ul>
            {props.hasMore && (
              <Button size="sm" variant="outline" onClick={props.onLoadMore} disabled={props.loadingMore}>
                {props.loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
