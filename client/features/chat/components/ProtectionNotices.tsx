import { Lock } from 'lucide-react';
import {
  NOT_APPROVED,
  ROOM_LOCKED,
  WAITING_FOR_APPROVAL,
  type HeldMessageDto,
} from '../../../../shared/api/protection';

/**
 * Above the composer: the banner of a locked room, and the reader's own held messages, each
 * "Waiting for approval" or "Not approved" (nobody else sees them; an approved one joins the list
 * above in its place).
 */
export function ProtectionNotices({ locked, ownHeld }: { locked: boolean; ownHeld: HeldMessageDto[] }) {
  if (!locked && ownHeld.length === 0) return null;
  return (
    <div className="border-t">
      {locked && (
        <div
          role="status"
          className="flex items-center gap-2 bg-secondary px-4 py-1.5 text-xs text-secondary-foreground"
          data-testid="room-locked-banner"
        >
          <Lock className="h-3 w-3" aria-hidden="true" />
          {ROOM_LOCKED}
        </div>
      )}
      {ownHeld.length > 0 && (
        <ul className="max-h-40 space-y-1 overflow-y-auto px-4 py-2" aria-label="Your held messages">
          {ownHeld.map((message) => (
            <li
              key={message.id}
              className="rounded-md border border-dashed px-2 py-1 text-sm"
              data-testid="own-held-message"
              data-status={message.status}
            >
              <p className="break-words whitespace-pre-wrap opacity-70">{message.content}</p>
              <p
                className={message.status === 'rejected' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
              >
                {message.status === 'rejected' ? NOT_APPROVED : WAITING_FOR_APPROVAL}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
