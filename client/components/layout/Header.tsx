import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MessagesSquare, PanelLeft } from 'lucide-react';
import type { MeDto } from '../../../shared/api/auth';
import { useSession } from '../../hooks/useSession';
import { Avatar } from '../ui/Avatar';
import { Button, buttonClasses } from '../ui/Button';
import { LoadOnUse } from '../ui/LoadOnUse';
import { Skeleton } from '../ui/Skeleton';
import { ACCOUNT_TRIGGER_CLASS, accountName } from './account-name';
import { useSidebar } from './sidebar-context';

// The menu's code is downloaded when it is first opened; visitors never download it.
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));
// Signed-in users only: the Mentions and Threads buttons, browser notifications and live unread counts.
const SignedInHeaderButtons = lazy(() =>
  import('./signed-in').then((module) => ({ default: module.SignedInHeaderButtons })),
);

/** The avatar button; the first click loads the menu, which opens then. */
function AccountMenu({ user }: { user: MeDto }) {
  const name = accountName(user);
  return (
    <LoadOnUse
      preload={() => void loadUserMenu()}
      placeholder={(handlers) => (
        <button
          type="button"
          aria-label={`Account menu for ${name}`}
          aria-haspopup="menu"
          aria-expanded={false}
          className={ACCOUNT_TRIGGER_CLASS}
          {...handlers}
        >
          <Avatar src={user.avatar_url} name={name} />
        </button>
      )}
    >
      <UserMenu user={user} defaultOpen />
    </LoadOnUse>
  );
}

/** Brand link, the mobile chats button, and the account menu or 'Sign In'. */
export function Header() {
  const { user, isLoading } = useSession();
  const { isMobile, mobileOpen, setMobileOpen } = useSidebar();
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
      {isMobile && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open chats"
          aria-haspopup="dialog"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
        >
          <PanelLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
      )}
      <Link to="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight">
        <MessagesSquare className="h-5 w-5 text-primary" aria-hidden="true" />
        RepoRooms
      </Link>
      <div className="ml-auto flex items-center gap-2">
        {user && (
          <Suspense>
            <SignedInHeaderButtons />
          </Suspense>
        )}
        {user ? (
          <AccountMenu user={user} />
        ) : isLoading ? (
          <Skeleton className="h-8 w-8 rounded-full" />
        ) : (
          <Link to="/auth" className={buttonClasses('default', 'sm')}>
            Sign In
          </Link>
        )}
      </div>
    </header>
  );
}
