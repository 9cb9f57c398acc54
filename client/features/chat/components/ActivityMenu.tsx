import { Activity } from 'lucide-react';
import { forwardRef, lazy, type ComponentPropsWithoutRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { LoadOnUse } from '../../../components/ui/LoadOnUse';

// The menu's code (and the dropdown's) is downloaded when it is first opened.
const loadActivityMenu = () => import('./ActivityMenuView');
const ActivityMenuView = lazy(loadActivityMenu);

const ActivityTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function ActivityTrigger(props, ref) {
    return (
      <Button ref={ref} variant="outline" size="sm" data-testid="activity-button" aria-label="Activity" {...props}>
        <Activity className="h-4 w-4" aria-hidden="true" />
        <span className="hidden lg:inline">Activity</span>
      </Button>
    );
  },
);

/**
 * The room header's "Activity" control: moderators choose which of the repository's activity the
 * room shows (or "Off"); everyone may hide the rows for themselves ("Show activity").
 */
export function ActivityMenu({ roomId, canModerate }: { roomId: string; canModerate: boolean }) {
  return (
    <LoadOnUse
      preload={() => void loadActivityMenu()}
      placeholder={(handlers) => <ActivityTrigger aria-haspopup="menu" aria-expanded={false} {...handlers} />}
    >
      <ActivityMenuView roomId={roomId} canModerate={canModerate} trigger={<ActivityTrigger />} defaultOpen />
    </LoadOnUse>
  );
}
