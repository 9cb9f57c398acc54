import { useState } from 'react';
import { TOPIC_MAX } from '../../../../shared/api/rooms';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';

interface RoomTopicProps {
  topic: string;
  /** Moderators set the topic (absent for everyone else). */
  onSave?(topic: string): void;
}

/** The room's topic: one line under the header; moderators set or change it. */
export function RoomTopic({ topic, onSave }: RoomTopicProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(topic);
  if (!topic && !onSave) return null;
  return (
    <div className="flex items-center gap-2 border-b px-4 py-1.5 text-sm">
      <p className="min-w-0 flex-1 truncate text-muted-foreground" data-testid="room-topic" title={topic}>
        {topic || 'No topic yet'}
      </p>
      {onSave && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setDraft(topic);
            setEditing(true);
          }}
        >
          {topic ? 'Edit topic' : 'Set topic'}
        </Button>
      )}
      {onSave && (
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogContent title="Room topic" description="One line shown under the room header." className="max-w-md">
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                setEditing(false);
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
      )}
    </div>
  );
}
