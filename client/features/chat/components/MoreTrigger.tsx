import { Ellipsis } from 'lucide-react';
import { forwardRef, type ComponentProps } from 'react';
import { Button } from '../../../components/ui/Button';

/** The room header's "More" button; a moderator sees the count of open reports on it (when there are any). */
export const MoreTrigger = forwardRef<
  HTMLButtonElement,
  { openReportCount: number | undefined } & ComponentProps<typeof Button>
>(function MoreTrigger({ openReportCount, ...props }, ref) {
  return (
    <Button
      ref={ref}
      variant="outline"
      size="sm"
      aria-haspopup="menu"
      aria-label="More"
      title="More"
      data-testid="more-button"
      className="relative"
      {...props}
    >
      <Ellipsis className="h-4 w-4" aria-hidden="true" />
      {openReportCount !== undefined && (
        <span
          className={
            openReportCount > 0
              ? 'absolute -top-1.5 -right-1.5 rounded-full bg-destructive px-1 text-[10px] leading-4 text-destructive-foreground'
              : 'sr-only'
          }
          data-testid="reports-count"
          aria-hidden="true"
        >
          {openReportCount}
        </span>
      )}
    </Button>
  );
});
