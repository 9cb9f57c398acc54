import { MUTE_DURATION_LABELS, type MuteDuration } from '../../../../shared/api/rooms';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';

export interface MuteDialogProps {
  /** Who is being muted (their name), or null when the dialog is closed. */
  name: string | null;
  onClose(): void;
  onMute(duration: MuteDuration): void;
}

const DURATIONS = Object.keys(MUTE_DURATION_LABELS) as MuteDuration[];

/** A moderator picks how long a member stays muted: 10 minutes, 1 hour or 24 hours. */
export default function MuteDialogView({ name, onClose, onMute }: MuteDialogProps) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Mute ${name ?? ''}`}
        description="Until then they cannot post, react or edit in this room."
        className="max-w-sm"
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline" autoFocus>
              Cancel
            </Button>
          </DialogClose>
          {DURATIONS.map((duration) => (
            <Button
              key={duration}
              variant="destructive"
              onClick={() => {
                onClose();
                onMute(duration);
              }}
            >
              {MUTE_DURATION_LABELS[duration]}
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
