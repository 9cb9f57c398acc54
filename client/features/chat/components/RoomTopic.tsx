import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';

// The topic dialog is downloaded the first time a moderator edits the topic.
const TopicDialogView = lazy(() => import('./TopicDialogView'));

interface RoomTopicProps {
  topic: string;
  /** Moderators set the topic (absent for everyone else). */
  onSave?(topic: string): void;
}

/** The room's topic: one line under the header; moderators set or change it. */
export function RoomTopic({ topic, onSave }: RoomTopicProps) {
  const [editing, setEditing] = useState(false);
  const opened = useOpenedOnce(editing);
  if (!topic && !onSave) return null;
  return (
    <div className="flex items-center gap-2 border-b px-4 py-1.5 text-sm">
      <p className="min-w-0 flex-1 truncate text-muted-foreground" data-testid="room-topic" title={topic}>
        {topic || 'No topic yet'}
      </p>
      {onSave && (
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          {topic ? 'Edit topic' : 'Set topic'}
        </Button>
      )}
      {onSave && opened && (
        <Suspense fallback={null}>
          <TopicDialogView open={editing} onOpenChange={setEditing} topic={topic} onSave={onSave} />
        </Suspense>
      )}
    </div>
  );
}
