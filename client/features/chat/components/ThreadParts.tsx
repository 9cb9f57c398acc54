import { CheckCircle2, MessageSquareReply } from 'lucide-react';
import type { MessageDto, ThreadAnswerDto, ThreadSummaryDto } from '../../../../shared/api/rooms';
import { Avatar } from '../../../components/ui/Avatar';
import { fullTimeLabel } from '../../../lib/day-label';
import { displayName } from './person';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function replyCountLabel(count: number): string {
  return count === 1 ? '1 reply' : `${count} replies`;
}

/** Under a root: "N replies", up to three repliers and the last reply's time; opens the thread. */
export function ThreadSummaryLine({
  thread,
  tabbable,
  onOpen,
}: {
  thread: ThreadSummaryDto;
  tabbable: boolean;
  onOpen(): void;
}) {
  return (
    <button
      type="button"
      data-testid="thread-summary"
      tabIndex={tabbable ? 0 : -1}
      onClick={onOpen}
      className="mt-1 flex items-center gap-1.5 rounded px-1 py-0.5 text-xs text-primary hover:bg-accent"
    >
      <span className="flex -space-x-1.5" aria-hidden="true">
        {thread.repliers.map((user) => (
          <Avatar key={user.id} src={user.avatar_url} name={displayName(user)} className="h-5 w-5 border" />
        ))}
      </span>
      <span className="font-semibold" data-testid="thread-reply-count">
        {replyCountLabel(thread.reply_count)}
      </span>
      <time
        className="text-muted-foreground"
        dateTime={thread.last_reply_at}
        title={fullTimeLabel(thread.last_reply_at)}
      >
        {timeFormat.format(new Date(thread.last_reply_at))}
      </time>
    </button>
  );
}

export function AnsweredBadge() {
  return (
    <span
      data-testid="answered-badge"
      className="inline-flex items-center gap-0.5 rounded bg-green-100 px-1 text-[11px] font-medium text-green-800 dark:bg-green-900/40 dark:text-green-300"
    >
      <CheckCircle2 className="h-3 w-3" aria-hidden="true" /> Answered
    </span>
  );
}

/** The accepted answer quoted under its root and at the top of its thread: "Answer by {name}". */
export function AnswerQuote({ answer }: { answer: ThreadAnswerDto }) {
  return (
    <div data-testid="answer-quote" className="mt-1 border-l-2 border-green-600 pl-2 text-xs">
      <span className="font-semibold text-green-800 dark:text-green-300">Answer by {displayName(answer.author)}</span>
      <span className="line-clamp-2 block break-words text-muted-foreground">
        {answer.deleted ? 'This message was deleted' : answer.excerpt}
      </span>
    </div>
  );
}

/** A thread reply also sent to the room: "replied to a thread", opening it. */
export function RepliedToThread({
  message,
  tabbable,
  onOpen,
}: {
  message: Pick<MessageDto, 'thread_root_id'>;
  tabbable: boolean;
  onOpen(): void;
}) {
  if (!message.thread_root_id) return null;
  return (
    <button
      type="button"
      data-testid="replied-to-thread"
      tabIndex={tabbable ? 0 : -1}
      onClick={onOpen}
      className="mb-1 flex items-center gap-1 text-xs text-muted-foreground hover:underline"
    >
      <MessageSquareReply className="h-3 w-3" aria-hidden="true" /> replied to a thread
    </button>
  );
}
