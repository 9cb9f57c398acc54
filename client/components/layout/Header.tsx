import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MessagesSquare, PanelLeft } from 'lucide-react';
import { useSession } from '../../hooks/useSession';
import { Button, buttonClasses } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useSidebar } from './sidebar-context';

// Visitors never download the menu code.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));

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
        {user ? (
          <Suspense fallback={<Skeleton className="h-8 w-8 rounded-full" />}>
            <UserMenu user={user} />
          </Suspense>
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
