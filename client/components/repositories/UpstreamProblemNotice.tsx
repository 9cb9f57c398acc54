import type { UpstreamProblem } from '../../../shared/api/discovery';
import { Button } from '../ui/Button';

const resetTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** What a list says when GitHub gave nothing. */
export function upstreamProblemText(problem: UpstreamProblem): string {
  if (problem.kind === 'unavailable') return 'GitHub is not answering right now';
  return problem.reset_at
    ? `GitHub's rate limit is reached. It resets at ${resetTime.format(new Date(problem.reset_at))}.`
    : "GitHub's rate limit is reached. Try again in a few minutes.";
}

/** In place of a list's empty text when GitHub failed: why, and "Try again". */
export function UpstreamProblemNotice({
  problem,
  onRetry,
}: {
  problem: UpstreamProblem;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <div role="alert" data-testid="list-problem" className="flex flex-wrap items-center gap-3 text-sm">
      <p className="text-muted-foreground">{upstreamProblemText(problem)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
