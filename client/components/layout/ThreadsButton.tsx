import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useFollowedThreads } from '../../hooks/useFollowedThreads';
import { formatUnreadCount } from '../../hooks/useUnread';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/Button';

/** The header's "Threads" button: the count of followed threads with unread replies; opens /threads. */
export default function ThreadsButton() {
  // Only the count is shown here: one thread is the least a request lists.
  const { data } = useFollowedThreads(1, true);
  const count = data?.unread_threads ?? 0;
  return (
    <Link
      to="/threads"
      aria-label={count > 0 ? `Threads, ${formatUnreadCount(count)} unread` : 'Threads'}
      data-testid="threads-button"
      className={cn(buttonClasses('ghost', 'sm'), 'relative')}
    >
      <MessagesSquare className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">Threads</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="threads-count"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-destructive-foreground"
        >
          {formatUnreadCount(count)}
        </span>
      )}
    </Link>
  );
}
