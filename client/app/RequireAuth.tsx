import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession';

/**
 * Guards the signed-in-only routes: visitors go to /auth. It wraps the lazy pages, so a visitor
 * is redirected without downloading the page's code.
 */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <div role="status" className="p-8 text-sm text-muted-foreground">
        Loading...
      </div>
    );
  }
  // The query too: a link to a message (?message=) comes back to that message after sign-in.
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
