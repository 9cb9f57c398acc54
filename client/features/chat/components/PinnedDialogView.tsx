import type { PinnedMessageDto } from '../../../../shared/api/rooms';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { displayName } from './person';

export interface PinnedDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  pins: PinnedMessageDto[];
  /** Opens the room at that message. */
  onOpenMessage(messageId: string): void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The room's pinned messages, newest pin first; each opens the room at that message. */
export default function PinnedDialogView({ open, onOpenChange, pins, onOpenMessage }: PinnedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Pinned messages" description="Messages the room's maintainers pinned." className="max-w-lg">
        {pins.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pinned messages yet.</p>
        ) : (
          <ul className="max-h-96 space-y-2 overflow-y-auto" aria-label="Pinned messages">
            {pins.map((pin) => (
              <li key={pin.message.id}>
                <button
                  type="button"
                  data-testid="pinned-message"
                  className="w-full rounded-md border p-2 text-left text-sm hover:bg-accent"
                  onClick={() => {
                    onOpenChange(false);
                    onOpenMessage(pin.message.id);
                  }}
                >
                  <span className="block text-xs text-muted-foreground">
                    {displayName(pin.message.author)} · {timeFormat.format(new Date(pin.message.created_at))}
                  </span>
                  <span className="line-clamp-3 break-words whitespace-pre-wrap">{pin.message.content}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
