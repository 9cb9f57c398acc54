import { CircleDot, GitMerge, GitCommitHorizontal, Tag } from 'lucide-react';
import { activitySentence, type RepoActivityDto } from '../../../../shared/api/repo-activity';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ICONS = { release: Tag, merge: GitMerge, issue: CircleDot, push: GitCommitHorizontal } as const;

/**
 * One thing that happened in the repository, as a compact row of the timeline: an icon, who did
 * what (a link to it on GitHub) and when. Never a message: no author card, menu or reactions.
 */
export function ActivityRow({ activity }: { activity: RepoActivityDto }) {
  const Icon = ICONS[activity.kind];
  const sentence = `${activity.actor} ${activitySentence(activity)}`;
  return (
    <li data-testid="activity-row" data-kind={activity.kind} className="px-4 py-0.5">
      <div className="flex items-center gap-2 rounded-md border border-dashed bg-muted/40 px-3 py-1 text-xs text-muted-foreground">
        <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <a
          href={activity.url}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 flex-1 truncate hover:text-foreground hover:underline"
        >
          {sentence}
        </a>
        <time dateTime={activity.at} title={fullFormat.format(new Date(activity.at))} className="shrink-0">
          {timeFormat.format(new Date(activity.at))}
        </time>
      </div>
    </li>
  );
}
