import { useState } from 'react';
import { TOPIC_MAX } from '../../../../shared/api/rooms';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';

export interface TopicDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  topic: string;
  onSave(topic: string): void;
}

/** Moderators set the room's topic (loaded on first use, see RoomTopic). */
export default function TopicDialogView({ open, onOpenChange, topic, onSave }: TopicDialogProps) {
  const [draft, setDraft] = useState(topic);
  const [shownFor, setShownFor] = useState(open);
  // Each opening starts from the current topic.
  if (open !== shownFor) {
    setShownFor(open);
    if (open) setDraft(topic);
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Room topic" description="One line shown under the room header." className="max-w-md">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            onOpenChange(false);
            onSave(draft.trim());
          }}
        >
          <Input
            aria-label="Topic"
            value={draft}
            maxLength={TOPIC_MAX}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Save topic</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
