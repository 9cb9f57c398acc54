import type { ReactionDto } from '../../../shared/api/rooms';
import { cn } from '../../lib/cn';

interface Chip {
  emoji: string;
  count: number;
  mine: boolean;
}

function summarize(reactions: ReactionDto[], userId: string | undefined): Chip[] {
  const chips = new Map<string, Chip>();
  for (const reaction of reactions) {
    const chip = chips.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, mine: false };
    chip.count += 1;
    chip.mine ||= reaction.user_id === userId;
    chips.set(reaction.emoji, chip);
  }
  return [...chips.values()];
}

/** One chip per emoji with its count; clicking toggles the user's own reaction. */
export function ReactionChips({
  reactions,
  currentUserId,
  onToggle,
}: {
  reactions: ReactionDto[];
  currentUserId: string | undefined;
  onToggle(emoji: string): void;
}) {
  const chips = summarize(reactions, currentUserId);
  if (chips.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {chips.map((chip) => (
        <button
          key={chip.emoji}
          type="button"
          aria-pressed={chip.mine}
          aria-label={`${chip.emoji} ${chip.count} ${chip.mine ? '(remove your reaction)' : '(add reaction)'}`}
          onClick={() => onToggle(chip.emoji)}
          className={cn(
            'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs',
            chip.mine ? 'border-primary bg-primary/10 text-foreground' : 'bg-background hover:bg-accent',
          )}
        >
          <span aria-hidden="true">{chip.emoji}</span>
          <span data-testid="reaction-count">{chip.count}</span>
        </button>
      ))}
    </div>
  );
}
