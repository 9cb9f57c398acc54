import { HELD_REASON_LABELS, type HeldMessageDto } from '../../../../shared/api/protection';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { displayName } from './person';

export interface ReviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  held: HeldMessageDto[];
  onApprove(heldId: string): void;
  onReject(heldId: string): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moderator's messages to review: each held message, to approve (published in its place) or reject. */
export default function ReviewDialogView({ open, onOpenChange, held, onApprove, onReject }: ReviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Review"
        description="Messages held by the room's protection. Nobody else sees them until you approve them."
        className="max-w-lg"
      >
        {held.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to review.</p>
        ) : (
          <ul className="max-h-96 space-y-3 overflow-y-auto" aria-label="Held messages">
            {held.map((message) => (
              <li key={message.id} className="space-y-2 rounded-md border p-2" data-testid="held-message">
                <div className="text-xs text-muted-foreground">
                  {displayName(message.author)} · {timeFormat.format(new Date(message.created_at))} ·{' '}
                  {HELD_REASON_LABELS[message.reason]}
                </div>
                <p className="line-clamp-6 text-sm break-words whitespace-pre-wrap">{message.content}</p>
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" onClick={() => onReject(message.id)}>
                    Reject
                  </Button>
                  <Button size="sm" onClick={() => onApprove(message.id)}>
                    Approve
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
