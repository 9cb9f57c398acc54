import { Clock, GitFork, MessageSquare, Star, Users } from 'lucide-react';
import type { DiscoveryRepositoryDto } from '../../../shared/api/discovery';
import { Avatar } from '../ui/Avatar';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { countOf } from '../../lib/plural';
import { timeAgo } from '../../lib/relative-time';

export interface RepositoryCardProps {
  repository: DiscoveryRepositoryDto;
  onJoin(fullName: string): void;
  /** This card's join is in progress. */
  joining: boolean;
  /** Another join is in progress. */
  disabled?: boolean;
  /** The room's id when the signed-in user is already a member: the button opens it instead. */
  memberRoomId?: string | undefined;
  onOpen?(roomId: string): void;
  /** The current time, for 'last message 5 minutes ago'. */
  now: number;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A repository in a discovery list: owner avatar, name, description, language, stars, forks, and
 * 'Join Chat' ('Open chat' for a room the user is already in).
 */
export function RepositoryCard({
  repository,
  onJoin,
  joining,
  disabled,
  memberRoomId,
  onOpen,
  now,
}: RepositoryCardProps) {
  const { owner, full_name, description, language, stargazers_count, forks_count, chat } = repository;
  return (
    <Card
      className="flex h-full flex-col gap-3 p-4"
      data-testid="repository-card"
      aria-label={full_name}
      role="article"
    >
      <div className="flex items-center gap-3">
        <Avatar src={owner.avatar_url || null} name={owner.login} className="h-9 w-9" />
        <a
          href={repository.html_url || undefined}
          target="_blank"
          rel="noreferrer noopener"
          className="min-w-0 truncate font-semibold hover:underline"
        >
          {full_name}
        </a>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">{description || 'No description provided.'}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {language && <Badge variant="outline">{language}</Badge>}
        <span className="inline-flex items-center gap-1" title={`${stargazers_count.toLocaleString('en-US')} stars`}>
          <Star className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">Stars:</span>
          {compact.format(stargazers_count)}
        </span>
        <span className="inline-flex items-center gap-1" title={`${forks_count.toLocaleString('en-US')} forks`}>
          <GitFork className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">Forks:</span>
          {compact.format(forks_count)}
        </span>
        {chat && (
          <span className="inline-flex items-center gap-1" title="Members in this repository's chat">
            <Users className="h-3.5 w-3.5" aria-hidden="true" />
            {countOf(chat.active_members, 'member', 'members')}
          </span>
        )}
        {chat?.last_message_at && (
          <span className="inline-flex items-center gap-1" data-testid="last-message">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            last message {timeAgo(chat.last_message_at, now)}
          </span>
        )}
      </div>
      {memberRoomId && onOpen ? (
        <Button className="w-full" onClick={() => onOpen(memberRoomId)} aria-label={`Open chat for ${full_name}`}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          Open chat
        </Button>
      ) : (
        <Button
          className="w-full"
          onClick={() => onJoin(full_name)}
          disabled={joining || disabled}
          aria-label={`Join Chat for ${full_name}`}
        >
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          {joining ? 'Joining...' : 'Join Chat'}
        </Button>
      )}
    </Card>
  );
}
