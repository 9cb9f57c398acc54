import { Check } from 'lucide-react';
import {
  NOTIFICATION_LEVEL_LABELS,
  NOTIFICATION_LEVELS,
  type NotificationLevel,
} from '../../../../shared/api/notifications';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';
import { NotificationsTrigger } from './NotificationsTrigger';

export interface NotificationsMenuProps {
  level: NotificationLevel;
  onChange(level: NotificationLevel): void;
}

/** How the member hears about the room (loaded on first use, see ChatHeader). */
export default function NotificationsMenu({
  level,
  onChange,
  defaultOpen = false,
}: NotificationsMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <NotificationsTrigger level={level} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {NOTIFICATION_LEVELS.map((choice) => (
          <DropdownMenuItem key={choice} onSelect={() => onChange(choice)} data-current={choice === level || undefined}>
            <Check className={choice === level ? 'h-4 w-4' : 'h-4 w-4 opacity-0'} aria-hidden="true" />
            {NOTIFICATION_LEVEL_LABELS[choice]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
