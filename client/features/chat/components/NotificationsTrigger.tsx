import { Bell, BellOff, BellRing } from 'lucide-react';
import { forwardRef, type ComponentProps } from 'react';
import { NOTIFICATION_LEVEL_LABELS, type NotificationLevel } from '../../../../shared/api/notifications';
import { Button } from '../../../components/ui/Button';

const ICONS = { all: BellRing, mentions: Bell, mute: BellOff } as const;

/** The room header's "Notifications" button, naming the room's current setting. */
export const NotificationsTrigger = forwardRef<
  HTMLButtonElement,
  { level: NotificationLevel } & ComponentProps<typeof Button>
>(function NotificationsTrigger({ level, ...props }, ref) {
  const Icon = ICONS[level];
  return (
    <Button
      ref={ref}
      variant="outline"
      size="sm"
      aria-haspopup="menu"
      aria-label={`Notifications: ${NOTIFICATION_LEVEL_LABELS[level]}`}
      data-testid="notifications-button"
      data-level={level}
      {...props}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      <span className="hidden lg:inline">{NOTIFICATION_LEVEL_LABELS[level]}</span>
    </Button>
  );
});
