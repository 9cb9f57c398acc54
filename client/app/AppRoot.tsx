import { Outlet } from 'react-router';
import { RouteMeta } from './RouteMeta';
import { ThemeSync } from './ThemeSync';

/** The root route: app-wide effects that need the router, then the matched screen. */
export function AppRoot() {
  return (
    <>
      <RouteMeta />
      <ThemeSync />
      <Outlet />
    </>
  );
}
