import { useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { threadsApi } from '../../../api/threads';
import { ROOM_CONTRIBUTORS_LIMIT, ROOM_RELEASES_LIMIT, ROOM_TOPICS_LIMIT } from '../../../../shared/limits';
import type { RepositoryView } from '../state/repository-view';
import { Avatar } from '../../../components/ui/Avatar';
import { Badge } from '../../../components/ui/Badge';

const QUICK_LINKS = [
  ['issues', 'Issues'],
  ['pulls', 'Pull requests'],
  ['releases', 'Releases'],
  ['actions', 'Actions'],
  ['discussions', 'Discussions'],
] as const;

/** Description, topics, top contributors, latest releases and quick links (docs/PRODUCT.md §2.5). */
export function RepositoryDetailsPanel({
  repo,
  githubWebUrl,
  roomId,
}: {
  repo: RepositoryView;
  githubWebUrl: string;
  /** The room: its count of unanswered questions. */
  roomId?: string;
}) {
  const web = githubWebUrl.replace(/\/+$/, '');
  const questions = useQuery({
    queryKey: ['questions', roomId, 'unanswered'],
    queryFn: ({ signal }) => threadsApi.questions(roomId ?? '', 'unanswered', { signal }),
    enabled: roomId !== undefined,
  });
  const unanswered = questions.data?.unanswered_count;
  return (
    <section aria-label="Repository details" className="space-y-4 border-b bg-card px-4 py-4 text-sm">
      <p className={repo.description ? '' : 'text-muted-foreground'}>
        {repo.description ?? 'No description provided.'}
      </p>
      {unanswered !== undefined && (
        <p data-testid="unanswered-questions">
          {unanswered === 1 ? '1 unanswered question' : `${unanswered} unanswered questions`}
        </p>
      )}
      {repo.topics.length > 0 && (
        <div>
          <h2 className="mb-1 text-xs font-semibold text-muted-foreground uppercase">Topics</h2>
          <ul className="flex flex-wrap gap-1">
            {repo.topics.slice(0, ROOM_TOPICS_LIMIT).map((topic) => (
              <li key={topic}>
                <Badge>{topic}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      {repo.contributors.length > 0 && (
        <div>
          <h2 className="mb-1 text-xs font-semibold text-muted-foreground uppercase">Top contributors</h2>
          <ul className="flex flex-wrap gap-1">
            {repo.contributors.slice(0, ROOM_CONTRIBUTORS_LIMIT).map((contributor) => (
              <li key={contributor.id}>
                <a
                  href={`${web}/${encodeURIComponent(contributor.login)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={contributor.login}
                >
                  <Avatar src={contributor.avatar_url} name={contributor.login} className="h-7 w-7" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {repo.releases.length > 0 && (
        <div>
          <h2 className="mb-1 text-xs font-semibold text-muted-foreground uppercase">Latest releases</h2>
          <ul className="flex flex-wrap gap-2">
            {repo.releases.slice(0, ROOM_RELEASES_LIMIT).map((release) => (
              <li key={release.id}>
                <a
                  href={release.html_url || undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-mono text-xs hover:underline"
                >
                  <Tag className="h-3 w-3" aria-hidden="true" />
                  {release.tag_name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <nav aria-label="Quick links">
        <ul className="flex flex-wrap gap-3 text-xs">
          {QUICK_LINKS.map(([path, label]) => (
            <li key={path}>
              <a
                href={`${repo.htmlUrl}/${path}`}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary hover:underline"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
