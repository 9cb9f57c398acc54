import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from './AppShell';
import { RouteErrorBoundary } from './RouteError';
import { ThemeSync } from './ThemeSync';

/**
 * The root route: app-wide effects, then the matched screen. Until the first page's code has
 * loaded it shows the same shell the served HTML shows; later page changes are transitions, so the
 * previous page stays until the next one is ready.
 */
export function AppRoot() {
  const { pathname } = useLocation();
  return (
    <>
      <ThemeSync />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<AppShell />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
