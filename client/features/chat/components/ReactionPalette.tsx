import { SmilePlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { REACTION_EMOJIS } from '../../../../shared/limits';
import { TOOLBAR_BUTTON_CLASS } from './toolbar-buttons';

const LABELS: Record<(typeof REACTION_EMOJIS)[number], string> = {
  '👍': 'thumbs up',
  '🎉': 'party',
  '❤️': 'heart',
  '😄': 'laugh',
  '😢': 'sad',
  '👀': 'eyes',
};

/** The 'add reaction' button and its palette of six emoji (loaded on first use: ReactionPicker). */
export default function ReactionPalette({
  onPick,
  defaultOpen = false,
}: {
  onPick(emoji: string): void;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label="Add reaction" className={TOOLBAR_BUTTON_CLASS}>
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
