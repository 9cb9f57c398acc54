import type { UserContributionDto } from '../../../shared/api/profiles';
import { Badge } from '../ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { contributionLabel } from './contribution-labels';

/** 'Recent Contributions': up to 10 repository + activity groups, busiest first. */
export function ContributionList({
  contributions,
  githubWebUrl,
}: {
  contributions: UserContributionDto[];
  /** GitHub web origin the repository links point to. */
  githubWebUrl: string | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Contributions</CardTitle>
      </CardHeader>
      <CardContent>
        {contributions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent public activity.</p>
        ) : (
          <ul className="divide-y" aria-label="Recent Contributions">
            {contributions.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  {githubWebUrl ? (
                    <a
                      href={`${githubWebUrl}/${item.repo_full_name.split('/').map(encodeURIComponent).join('/')}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block truncate font-medium text-primary hover:underline"
                    >
                      {item.repo_full_name}
                    </a>
                  ) : (
                    <span className="block truncate font-medium">{item.repo_full_name}</span>
                  )}
                  <span className="text-xs text-muted-foreground">{contributionLabel(item.contribution_type)}</span>
                </div>
                <Badge aria-label={`${item.contribution_count} contributions`}>{item.contribution_count}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
