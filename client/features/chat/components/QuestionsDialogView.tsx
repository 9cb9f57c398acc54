import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { QuestionFilter } from '../../../../shared/api/threads';
import { threadsApi } from '../../../api/threads';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { cn } from '../../../lib/cn';
import { displayName } from './person';
import { replyCountLabel } from './ThreadParts';

export interface QuestionsDialogProps {
  roomId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onOpenThread(rootId: string): void;
}

const FILTERS: Array<[QuestionFilter, string]> = [
  ['unanswered', 'Unanswered'],
  ['answered', 'Answered'],
  ['all', 'All'],
];

/** The room's questions (its threads), newest activity first, filtered by answer state. */
export default function QuestionsDialogView({ roomId, open, onOpenChange, onOpenThread }: QuestionsDialogProps) {
  const [filter, setFilter] = useState<QuestionFilter>('unanswered');
  const { data, isLoading } = useQuery({
    queryKey: ['questions', roomId, filter],
    queryFn: ({ signal }) => threadsApi.questions(roomId, filter, { signal }),
    enabled: open,
  });
  const questions = data?.questions ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Questions" description="The room's threads and their answers." className="max-w-lg">
        <div role="group" aria-label="Filter questions" className="flex gap-1">
          {FILTERS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={cn(
                'rounded-full border px-3 py-0.5 text-xs',
                filter === value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        {isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading questions…
          </p>
        ) : questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No questions here.</p>
        ) : (
          <ul className="max-h-96 space-y-2 overflow-y-auto" aria-label="Questions">
            {questions.map((question) => (
              <li key={question.root_id}>
                <button
                  type="button"
                  data-testid="question"
                  className="w-full rounded-md border p-2 text-left text-sm hover:bg-accent"
                  onClick={() => {
                    onOpenChange(false);
                    onOpenThread(question.root_id);
                  }}
                >
                  <span className="flex gap-2 text-xs text-muted-foreground">
                    <span>{displayName(question.author)}</span>
                    <span>{replyCountLabel(question.reply_count)}</span>
                    <span>{question.answered ? 'Answered' : 'Unanswered'}</span>
                  </span>
                  <span className="line-clamp-2 break-words">{question.excerpt || 'This message was deleted'}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
