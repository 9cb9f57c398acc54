import { Timer } from 'lucide-react';
import { SLOW_MODE_CHOICES, SLOW_MODE_LABELS } from '../../../../shared/api/rooms';
import { Button } from '../../../components/ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';

export interface SlowModeMenuProps {
  label: string;
  onChange(seconds: number): void;
}

/** Moderators choose the room's slow mode (loaded on first use, see ChatHeader). */
export default function SlowModeMenu({
  label,
  onChange,
  defaultOpen = false,
}: SlowModeMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="slow-mode-button">
          <Timer className="h-4 w-4" aria-hidden="true" />
          Slow mode: {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {SLOW_MODE_CHOICES.map((seconds) => (
          <DropdownMenuItem key={seconds} onSelect={() => onChange(seconds)}>
            {SLOW_MODE_LABELS[seconds] === 'off' ? 'Off' : SLOW_MODE_LABELS[seconds]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
