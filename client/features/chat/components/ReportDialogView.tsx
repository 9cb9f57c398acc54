import { useState } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../../shared/api/moderation-tools';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { Textarea } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSubmit(reason: ReportReason, note: string): void;
}

/** A member reports a message to the room's moderators: a reason and an optional note. */
export default function ReportDialogView({ open, onOpenChange, onSubmit }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('spam');
          setNote('');
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Report message"
        description="The room's moderators will see your report. The author is not told who reported it."
        className="max-w-sm"
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(reason, note.trim());
            setReason('spam');
            setNote('');
          }}
        >
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor="report-note">Note (optional)</Label>
            <Textarea
              id="report-note"
              value={note}
              maxLength={REPORT_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              className="min-h-16"
            />
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive">
              Report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
