import type { PublicStatisticsDto } from '../../../shared/api/profiles';
import { Badge } from '../ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { pluralWord } from '../../lib/plural';

/** 'GitHub Statistics': counts, streak and up to 6 top languages. */
export function GithubStatistics({ statistics }: { statistics: PublicStatisticsDto }) {
  const tiles = [
    { label: pluralWord(statistics.public_repos, 'Repository', 'Repositories'), value: statistics.public_repos },
    { label: pluralWord(statistics.followers, 'Follower', 'Followers'), value: statistics.followers },
    { label: 'Following', value: statistics.following },
    { label: 'Day Streak', value: statistics.contribution_streak },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>GitHub Statistics</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tiles.map((tile) => (
            <div key={tile.label} className="rounded-md bg-muted p-3 text-center">
              <dd className="text-2xl font-semibold">{tile.value.toLocaleString('en-US')}</dd>
              <dt className="text-xs text-muted-foreground">{tile.label}</dt>
            </div>
          ))}
        </dl>
        {statistics.top_languages.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-medium">Top Languages</h3>
            <ul className="flex flex-wrap gap-2" aria-label="Top Languages">
              {statistics.top_languages.map((entry) => (
                <li key={entry.language}>
                  <Badge variant="outline">
                    {entry.language} <span className="ml-1 text-muted-foreground">{entry.count}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
