import { GitFork, Star } from 'lucide-react';
import type { UserRepositoryDto } from '../../../shared/api/profiles';
import { Badge } from '../ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { safeHttpUrl } from './safe-url';

/** 'Popular Repositories': up to 12, most stars first (the server orders and limits them). */
export function RepositoryList({ repositories }: { repositories: UserRepositoryDto[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Popular Repositories</CardTitle>
      </CardHeader>
      <CardContent>
        {repositories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No repositories yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Popular Repositories">
            {repositories.map((repo) => {
              const href = safeHttpUrl(repo.repo_url);
              return (
                <li key={repo.id} className="flex flex-col gap-2 rounded-lg border p-3">
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium break-all text-primary hover:underline"
                    >
                      {repo.repo_name}
                    </a>
                  ) : (
                    <span className="font-medium break-all">{repo.repo_name}</span>
                  )}
                  {repo.description && <p className="line-clamp-2 text-sm text-muted-foreground">{repo.description}</p>}
                  <div className="mt-auto flex items-center gap-3 text-xs text-muted-foreground">
                    {repo.language && <Badge>{repo.language}</Badge>}
                    <span className="inline-flex items-center gap-1" aria-label={`${repo.stars_count} stars`}>
                      <Star className="h-3.5 w-3.5" aria-hidden="true" />
                      {repo.stars_count.toLocaleString('en-US')}
                    </span>
                    <span className="inline-flex items-center gap-1" aria-label={`${repo.forks_count} forks`}>
                      <GitFork className="h-3.5 w-3.5" aria-hidden="true" />
                      {repo.forks_count.toLocaleString('en-US')}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
