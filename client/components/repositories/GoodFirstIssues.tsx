import { CircleDot } from 'lucide-react';
import type { UpstreamProblem } from '../../../shared/api/discovery';
import type { IssueDto } from '../../../shared/api/repositories';
import { UpstreamProblemNotice } from './UpstreamProblemNotice';
import { HOME_ISSUES_LIMIT, ISSUE_LABELS_SHOWN } from '../../../shared/limits';
import { Badge } from '../ui/Badge';
import { Skeleton } from '../ui/Skeleton';

export interface GoodFirstIssuesProps {
  issues: IssueDto[] | undefined;
  isLoading: boolean;
  /** GitHub failed: say so, with "Try again", instead of "No good first issues found". */
  problem?: UpstreamProblem | null | undefined;
  onRetry?(): void;
}

/** Open 'good first issue' items of a repository: up to 6, up to 3 labels each. */
export function GoodFirstIssues({ issues, isLoading, problem, onRetry }: GoodFirstIssuesProps) {
  if (isLoading) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if ((!issues || issues.length === 0) && problem) return <UpstreamProblemNotice problem={problem} onRetry={onRetry} />;
  if (!issues || issues.length === 0) {
    return <p className="text-sm text-muted-foreground">No good first issues found right now.</p>;
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border">
      {issues.slice(0, HOME_ISSUES_LIMIT).map((issue) => (
        <li key={issue.id} className="flex flex-col gap-1.5 p-3" data-testid="good-first-issue">
          <a
            href={issue.html_url || undefined}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-start gap-2 text-sm font-medium hover:underline"
          >
            <CircleDot className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
            <span>
              {issue.title} <span className="text-muted-foreground">#{issue.number}</span>
            </span>
          </a>
          {issue.labels.length > 0 && (
            <div className="flex flex-wrap gap-1 pl-6">
              {issue.labels.slice(0, ISSUE_LABELS_SHOWN).map((label) => (
                <Badge key={label.id} variant="outline" data-testid="issue-label">
                  {label.name}
                </Badge>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
