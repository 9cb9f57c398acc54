import { Shield } from 'lucide-react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';

export interface MemberActionsMenuProps {
  name: string;
  user: UserSummaryDto;
  muted: boolean;
  onMute(user: UserSummaryDto): void;
  onUnmute(userId: string): void;
  onBan(user: UserSummaryDto): void;
}

/** A moderator's actions on a member in the member list (loaded on first use, see MembersPanel). */
export default function MemberActionsMenu({
  name,
  user,
  muted,
  onMute,
  onUnmute,
  onBan,
  defaultOpen = false,
}: MemberActionsMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label={`Moderate ${name}`}
        className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <Shield className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {muted ? (
          <DropdownMenuItem onSelect={() => onUnmute(user.id)}>Unmute</DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onMute(user)}>Mute</DropdownMenuItem>
        )}
        <DropdownMenuItem destructive onSelect={() => onBan(user)}>
          Ban from room
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
