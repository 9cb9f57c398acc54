import { useNavigate } from 'react-router';
import { LogOut, Settings, User } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { MeDto } from '../../../shared/api/auth';
import { ApiRequestError } from '../../api/http';
import { useSignOut } from '../../hooks/useSignOut';
import { Avatar } from '../ui/Avatar';
import { ACCOUNT_TRIGGER_CLASS, accountName } from './account-name';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/DropdownMenu';

/** The signed-in user's avatar menu: Profile, Settings, Sign Out (loaded on first use, see AccountMenu). */
export function UserMenu({ user, defaultOpen = false }: { user: MeDto; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = accountName(user);

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => void navigate('/auth'),
      onError: (error) => {
        // Already signed out elsewhere: the outcome the user wanted.
        if (error instanceof ApiRequestError && error.status === 401) {
          void navigate('/auth');
          return;
        }
        toast.error('Error', { description: error instanceof Error ? error.message : 'Failed to sign out' });
      },
    });
  };

  return (
    // Non-modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={`Account menu for ${name}`} className={ACCOUNT_TRIGGER_CLASS}>
        <Avatar src={user.avatar_url} name={name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{name}</span>
          {user.username && (
            <span className="truncate text-xs font-normal text-muted-foreground">@{user.username}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/profile')}>
          <User className="h-4 w-4" aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/profile#settings')}>
          <Settings className="h-4 w-4" aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut} disabled={signOut.isPending}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
