import { useInfiniteQuery } from '@tanstack/react-query';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiFetch } from '../../api/http';
import type { MentionsPageResponse } from '../../../shared/api/notifications';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { useNow } from '../../hooks/useNow';
import { usePageMeta } from '../../hooks/usePageMeta';
import { useSession } from '../../hooks/useSession';
import { fullTimeLabel } from '../../lib/day-label';
import { cn } from '../../lib/cn';
import { timeAgo } from '../../lib/relative-time';
import { SearchForm } from './SearchForm';
import { SearchOutcome } from './SearchOutcome';
import { displayName } from '../../../shared/display-name';

/** What the browser allows: 'unsupported' where it has no notifications. */
type Permission = NotificationPermission | 'unsupported';
const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** The opt-in to browser notifications: asks for the permission, then says what it got. */
function NotificationsOptIn() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <p className="text-sm text-muted-foreground" data-testid="notifications-on">
        Notifications are on: mentions and replies reach you while this tab is in the background.
      </p>
    );
  }
  if (permission === 'denied') {
    return (
      <p className="text-sm text-muted-foreground">
        Notifications are blocked in your browser&apos;s settings for this site.
      </p>
    );
  }
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void Notification.requestPermission().then((answer) => setPermission(answer))}
      >
        <BellPlus className="h-4 w-4" aria-hidden="true" />
        Enable notifications
      </Button>
    </div>
  );
}

/** /mentions (in the chunk of /search, see MessageSearchPage): my mentions and the replies to me across my rooms, newest first, and message search. */
export default function MentionsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  usePageMeta({ title: 'Mentions', path: '/mentions', noindex: true });
  const now = useNow();
  const mentions = useInfiniteQuery({
    queryKey: ['me', 'mentions', user?.id ?? null],
    // Called here, not through client/api/endpoints.ts, whose every byte the home page downloads.
    queryFn: ({ pageParam }) =>
      apiFetch<MentionsPageResponse>(
        pageParam ? `/api/me/mentions?${new URLSearchParams({ before: pageParam }).toString()}` : '/api/me/mentions',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: Boolean(user),
  });
  const items = mentions.data?.pages.flatMap((page) => page.mentions) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold">Mentions</h1>
      <NotificationsOptIn />
      <SearchForm key={q} initial={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
      <SearchOutcome q={q} />
      <section aria-labelledby="mentions-heading" className="flex flex-col gap-2">
        <h2 id="mentions-heading" className="text-sm font-semibold text-muted-foreground">
          Mentions and replies to you
        </h2>
        {mentions.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading mentions…
          </p>
        ) : mentions.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Couldn&apos;t load your mentions</p>
            <Button variant="outline" size="sm" onClick={() => void mentions.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No mentions yet. When someone writes @{user?.username ?? 'you'} or replies to you, it shows here.
          </p>
        ) : (
          <ul aria-label="Mentions" className="flex flex-col gap-1">
            {items.map((mention) => {
              const name = displayName(mention.author, 'Someone');
              return (
                <li key={mention.message_id}>
                  <Link
                    to={`/chat/${encodeURIComponent(mention.room_id)}?message=${encodeURIComponent(mention.message_id)}`}
                    className={cn(
                      'flex gap-3 rounded-md p-2 text-sm hover:bg-muted focus-visible:bg-muted',
                      mention.unread && 'bg-primary/5',
                    )}
                    data-testid="mention"
                    data-unread={mention.unread || undefined}
                  >
                    <Avatar src={mention.author.avatar_url} name={name} className="h-8 w-8" />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                        <span className={cn('text-foreground', mention.unread ? 'font-bold' : 'font-medium')}>
                          {name}
                        </span>
                        <span className="font-mono">{mention.room_name}</span>
                        <time dateTime={mention.created_at} title={fullTimeLabel(mention.created_at)}>
                          {timeAgo(mention.created_at, now)}
                        </time>
                        {mention.unread && <span className="font-semibold text-primary">New</span>}
                      </span>
                      <span className="mt-0.5 block break-words" dir="auto">
                        {mention.excerpt}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {mentions.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void mentions.fetchNextPage()}
            disabled={mentions.isFetchingNextPage}
          >
            {mentions.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        )}
      </section>
    </div>
  );
}
