import { SmilePlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { REACTION_EMOJIS } from '../../../../shared/limits';

const LABELS: Record<(typeof REACTION_EMOJIS)[number], string> = {
  '👍': 'thumbs up',
  '🎉': 'party',
  '❤️': 'heart',
  '😄': 'laugh',
  '😢': 'sad',
  '👀': 'eyes',
};

/** The 'add reaction' button and its palette of six emoji. */
export function ReactionPicker({ onPick }: { onPick(emoji: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label="Add reaction"
        className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <SmilePlus className="h-4 w-4" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          className="z-50 flex gap-1 rounded-md border bg-card p-1 shadow-md"
          aria-label="Reactions"
        >
          {REACTION_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={`React with ${LABELS[emoji]}`}
              className="rounded p-1 text-lg hover:bg-accent focus-visible:bg-accent"
              onClick={() => {
                setOpen(false);
                onPick(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
