import { EllipsisVertical } from 'lucide-react';
import type { UserSummaryDto } from '../../../../shared/api/rooms';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/DropdownMenu';
import type { MemberModeration } from './MembersPanel';

export interface MemberActionsMenuProps {
  name: string;
  user: UserSummaryDto;
  /** Ignoring (private to the reader): whether they are ignored, and the toggle; absent for oneself. */
  ignoring?: { ignored: boolean; onIgnore(user: UserSummaryDto): void; onUnignore(user: UserSummaryDto): void };
  /** A moderator's actions on them (absent for members who do not moderate, and on moderators). */
  moderation?: { muted: boolean } & Pick<MemberModeration, 'onMute' | 'onUnmute' | 'onBan'>;
}

/** One member's menu in the member list: ignoring them, and a moderator's actions (loaded on first use). */
export default function MemberActionsMenu({
  name,
  user,
  ignoring,
  moderation,
  defaultOpen = false,
}: MemberActionsMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label={`Actions for ${name}`}
        className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <EllipsisVertical className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {ignoring &&
          (ignoring.ignored ? (
            <DropdownMenuItem onSelect={() => ignoring.onUnignore(user)}>Stop ignoring</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => ignoring.onIgnore(user)}>Ignore</DropdownMenuItem>
          ))}
        {ignoring && moderation && <DropdownMenuSeparator />}
        {moderation &&
          (moderation.muted ? (
            <DropdownMenuItem onSelect={() => moderation.onUnmute(user.id)}>Unmute</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => moderation.onMute(user)}>Mute</DropdownMenuItem>
          ))}
        {moderation && (
          <DropdownMenuItem destructive onSelect={() => moderation.onBan(user)}>
            Ban from room
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
