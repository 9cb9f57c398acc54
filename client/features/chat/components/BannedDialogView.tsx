import type { BanDto } from '../../../../shared/api/rooms';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { displayName, Handle } from './person';

export interface BannedDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  bans: BanDto[] | undefined;
  loading: boolean;
  onUnban(userId: string): void;
}

const bannedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The room's 'Banned' list (moderators only), each with 'Unban'. */
export default function BannedDialogView({ open, onOpenChange, bans, loading, onUnban }: BannedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Banned" description="People who cannot join this room." className="max-w-md">
        {loading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : !bans || bans.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is banned from this room.</p>
        ) : (
          <ul className="max-h-80 space-y-2 overflow-y-auto" aria-label="Banned people">
            {bans.map((ban) => (
              <li key={ban.user.id} className="flex items-center gap-2" data-testid="banned-person">
                <Avatar src={ban.user.avatar_url} name={displayName(ban.user)} />
                <div className="min-w-0 flex-1 text-sm">
                  <div className="truncate font-medium">{displayName(ban.user)}</div>
                  <Handle user={ban.user} className="block truncate text-xs" />
                  <div className="text-xs text-muted-foreground">
                    Banned {bannedFormat.format(new Date(ban.banned_at))}
                  </div>
                </div>
                <Button variant="outline" size="sm" onClick={() => onUnban(ban.user.id)}>
                  Unban
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
