import { Check } from 'lucide-react';
import type { ReactElement } from 'react';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_OFF_LABEL,
  DEFAULT_ACTIVITY_KINDS,
  type ActivityKind,
} from '../../../../shared/api/repo-activity';
import { chatApi } from '../../../api/chat-endpoints';
import { ApiRequestError } from '../../../api/http';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';
import { toast } from '../../../lib/toast';
import { useShowActivity } from '../hooks/useShowActivity';
import { useRoom } from '../state/room-store-context';

const checkClass = (on: boolean) => (on ? 'h-4 w-4' : 'h-4 w-4 opacity-0');

function save(roomId: string, kinds: readonly ActivityKind[]): void {
  chatApi.rooms.setActivity(roomId, kinds).catch((error: unknown) =>
    toast.error('Failed to change the activity shown', {
      description: error instanceof ApiRequestError ? error.message : undefined,
    }),
  );
}

/**
 * The room header's "Activity" control: moderators choose which of the repository's activity the
 * room shows (or "Off"); everyone may hide the rows for themselves ("Show activity").
 */
export default function ActivityMenuView({
  roomId,
  canModerate,
  trigger,
  defaultOpen = false,
}: {
  roomId: string;
  canModerate: boolean;
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const kinds = useRoom((view) => view.room?.activity ?? DEFAULT_ACTIVITY_KINDS);
  const [shown, setShown] = useShowActivity();
  const toggle = (kind: ActivityKind) =>
    save(
      roomId,
      ACTIVITY_KINDS.filter((k) => (k === kind ? !kinds.includes(k) : kinds.includes(k))),
    );
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canModerate && (
          <>
            <DropdownMenuLabel>Shown in this room</DropdownMenuLabel>
            {ACTIVITY_KINDS.map((kind) => (
              <DropdownMenuItem
                key={kind}
                onSelect={() => toggle(kind)}
                data-current={kinds.includes(kind) || undefined}
              >
                <Check className={checkClass(kinds.includes(kind))} aria-hidden="true" />
                {ACTIVITY_KIND_LABELS[kind]}
              </DropdownMenuItem>
            ))}
            <DropdownMenuItem onSelect={() => save(roomId, [])} data-current={kinds.length === 0 || undefined}>
              <Check className={checkClass(kinds.length === 0)} aria-hidden="true" />
              {ACTIVITY_OFF_LABEL}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        {!canModerate && kinds.length === 0 && <DropdownMenuLabel>Moderators turned activity off</DropdownMenuLabel>}
        <DropdownMenuItem onSelect={() => setShown(!shown)} data-current={shown || undefined}>
          <Check className={checkClass(shown)} aria-hidden="true" />
          Show activity
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
