import { ArrowDown } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { dayLabel } from '../../../lib/day-label';

/** "Today", "Yesterday" or the date, between the messages of two days. */
export function DayDivider({ at, now }: { at: string; now: number }) {
  const label = dayLabel(at, new Date(now));
  return (
    // A plain item holding the separator: a list may only hold list items (screen readers count them).
    <li data-testid="day-divider">
      <div role="separator" aria-label={label} className="mt-4 mb-1 flex items-center gap-3 px-4">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
    </li>
  );
}

/** Above the first message the reader had not seen when they opened the room. */
export function NewMessagesDivider() {
  return (
    <li data-testid="new-messages-divider">
      <div role="separator" aria-label="New messages" className="mt-3 mb-1 flex items-center gap-3 px-4">
        <span className="h-px flex-1 bg-destructive/60" aria-hidden="true" />
        <span className="text-xs font-semibold text-destructive">New messages</span>
        <span className="h-px flex-1 bg-destructive/60" aria-hidden="true" />
      </div>
    </li>
  );
}

/** Shown while the reader is away from the newest message; counts what arrived meanwhile. */
export function JumpToLatest({ count, onClick }: { count: number; onClick(): void }) {
  const shown = count > 99 ? '99+' : String(count);
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
      <Button
        size="sm"
        className="pointer-events-auto rounded-full shadow-md"
        onClick={onClick}
        aria-label={
          count > 0 ? `Jump to latest, ${shown} new ${count === 1 ? 'message' : 'messages'}` : 'Jump to latest'
        }
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
        Jump to latest
        {count > 0 && (
          <span className="rounded-full bg-primary-foreground/20 px-1.5 text-xs" data-testid="jump-to-latest-count">
            {shown} new
          </span>
        )}
      </Button>
    </div>
  );
}

/** The first page could not be loaded: never the empty room's welcome. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <h2 className="text-lg font-semibold">Couldn&apos;t load messages</h2>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
