import { lazy, Suspense, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { HeldMessageDto } from '../../../../shared/api/protection';
import { Button } from '../../../components/ui/Button';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';

// Downloaded the first time it is opened.
const ReviewDialogView = lazy(() => import('./ReviewDialogView'));

/** The header's "Review" button of a moderator: the count of held messages, and their review. */
export function ReviewButton({
  held,
  onApprove,
  onReject,
}: {
  held: HeldMessageDto[];
  onApprove(heldId: string): void;
  onReject(heldId: string): void;
}) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="review-button"
        aria-label={`Review: ${held.length}`}
      >
        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Review</span>
        <span className="rounded-full bg-secondary px-1.5 text-xs" data-testid="review-count">
          {held.length}
        </span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReviewDialogView open={open} onOpenChange={setOpen} held={held} onApprove={onApprove} onReject={onReject} />
        </Suspense>
      )}
    </>
  );
}
