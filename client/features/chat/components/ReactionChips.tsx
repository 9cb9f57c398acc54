import type { ReactionDto, UserSummaryDto } from '../../../../shared/api/rooms';
import { cn } from '../../../lib/cn';
import { Tooltip } from '../../../components/ui/Tooltip';
import { nameWithHandle } from './person';

/** How many reactors a chip names before it says 'and N more'. */
export const REACTORS_SHOWN = 10;

interface Chip {
  emoji: string;
  count: number;
  mine: boolean;
  reactors: string[];
}

function summarize(
  reactions: ReactionDto[],
  userId: string | undefined,
  people: ReadonlyMap<string, UserSummaryDto>,
): Chip[] {
  const chips = new Map<string, Chip>();
  for (const reaction of reactions) {
    const chip = chips.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, mine: false, reactors: [] };
    chip.count += 1;
    chip.mine ||= reaction.user_id === userId;
    const person = reaction.user ?? people.get(reaction.user_id);
    chip.reactors.push(reaction.user_id === userId ? 'You' : person ? nameWithHandle(person) : 'Someone');
    chips.set(reaction.emoji, chip);
  }
  return [...chips.values()];
}

/** 'Ada Demo (@ada-demo), You and 3 more': the first ten people, then how many others. */
export function reactorsText(names: string[]): string {
  const shown = names.slice(0, REACTORS_SHOWN);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/**
 * One chip per emoji with its count; clicking toggles the user's own reaction. Hovering or
 * focusing a chip lists who reacted (also part of its accessible name).
 */
export function ReactionChips({
  reactions,
  currentUserId,
  people,
  tabbable = true,
  onToggle,
}: {
  reactions: ReactionDto[];
  currentUserId: string | undefined;
  /** Members by id: names for reactions that arrive without one. */
  people: ReadonlyMap<string, UserSummaryDto>;
  /** False takes the chips out of the Tab order (the message list's roving focus). */
  tabbable?: boolean;
  onToggle(emoji: string): void;
}) {
  const chips = summarize(reactions, currentUserId, people);
  if (chips.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {chips.map((chip) => {
        const who = reactorsText(chip.reactors);
        return (
          <Tooltip key={chip.emoji} content={<span data-testid="reactors">{who}</span>}>
            <button
              type="button"
              aria-pressed={chip.mine}
              aria-label={`${chip.emoji} ${chip.count} ${chip.mine ? '(remove your reaction)' : '(add reaction)'}`}
              aria-description={`Reacted: ${who}`}
              tabIndex={tabbable ? undefined : -1}
              onClick={() => onToggle(chip.emoji)}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs',
                chip.mine ? 'border-primary bg-primary/10 text-foreground' : 'bg-background hover:bg-accent',
              )}
            >
              <span aria-hidden="true">{chip.emoji}</span>
              <span data-testid="reaction-count">{chip.count}</span>
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
