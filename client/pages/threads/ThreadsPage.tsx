import { useState } from 'react';
import { Link } from 'react-router';
import { FOLLOWED_THREADS_MAX, FOLLOWED_THREADS_PAGE } from '../../../shared/api/threads';
import { Button } from '../../components/ui/Button';
import { useFollowedThreads } from '../../hooks/useFollowedThreads';
import { formatUnreadCount } from '../../hooks/useUnread';
import { usePageMeta } from '../../hooks/usePageMeta';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function nameOf(user: { display_name: string | null; username: string | null }): string {
  return user.display_name || user.username || 'Someone';
}

/** /threads: the threads the reader follows across rooms, unread first; each opens its thread. */
export default function ThreadsPage() {
  usePageMeta({ title: 'Threads', path: '/threads', noindex: true });
  const [limit, setLimit] = useState(FOLLOWED_THREADS_PAGE);
  const { data, isLoading, isFetching } = useFollowedThreads(limit);
  const threads = data?.threads ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl p-4">
      <h1 className="mb-4 text-xl font-semibold">Threads</h1>
      {isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading threads…
        </p>
      ) : threads.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No threads yet. You follow a thread when you start it, reply in it or are mentioned in it.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Followed threads">
          {threads.map((thread) => (
            <li key={thread.root_id}>
              <Link
                to={`/chat/${thread.room.id}?thread=${encodeURIComponent(thread.root_id)}`}
                data-testid="followed-thread"
                data-unread={thread.unread_count > 0 || undefined}
                className="block rounded-md border p-3 text-sm hover:bg-accent"
              >
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{thread.room.full_name}</span>
                  <span>{thread.reply_count === 1 ? '1 reply' : `${thread.reply_count} replies`}</span>
                  {thread.answered && <span className="text-green-700 dark:text-green-400">Answered</span>}
                  {thread.unread_count > 0 && (
                    <span className="rounded-full bg-destructive px-1.5 font-semibold text-destructive-foreground">
                      {formatUnreadCount(thread.unread_count)} new
                    </span>
                  )}
                </span>
                <span className="mt-1 line-clamp-2 block break-words">
                  <span className="font-medium">{nameOf(thread.author)}:</span>{' '}
                  {thread.excerpt || 'This message was deleted'}
                </span>
                {thread.last_reply && (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    Last reply by {nameOf(thread.last_reply.author)} ·{' '}
                    {timeFormat.format(new Date(thread.last_reply.created_at))}: {thread.last_reply.excerpt}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data?.has_more && limit < FOLLOWED_THREADS_MAX && (
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={isFetching}
          onClick={() => setLimit((shown) => Math.min(shown + FOLLOWED_THREADS_PAGE, FOLLOWED_THREADS_MAX))}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
