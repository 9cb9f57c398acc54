import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { homePageMeta, PAGE_TITLES } from '../../shared/meta';
import { AppRoot } from './AppRoot';
import { AppShell } from './AppShell';
import { MainLayout } from './MainLayout';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-meta';

/** Each page is its own chunk, so the home page never loads chat or profile code. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const handle = (meta: RouteHandle['meta']): RouteHandle => ({ meta });

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    // Until the first page's code has loaded: the same shell the served HTML shows.
    HydrateFallback: AppShell,
    children: [
      {
        path: '/auth',
        handle: handle(({ pathname }) => ({ title: PAGE_TITLES.auth, path: pathname, noindex: true })),
        lazy: page(() => import('../pages/auth/AuthPage')),
      },
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            handle: handle(({ publicUrl }) => homePageMeta(publicUrl)),
            lazy: page(() => import('../pages/home/HomePage')),
          },
          {
            // A missing username is handled by the page (redirects to /).
            path: '/user/:username?',
            handle: handle(({ pathname }) => ({ path: pathname })),
            lazy: page(() => import('../pages/user/PublicProfilePage')),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/profile',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.profile, path: pathname, noindex: true })),
                lazy: page(() => import('../pages/profile/ProfilePage')),
              },
              {
                // The readable address of a repository's room: joins it like "Join Chat", then /chat/{id}.
                path: '/r/:owner/:name',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.chat, path: pathname, noindex: true })),
                lazy: page(() => import('../pages/repo-room/RepoRoomPage')),
              },
              {
                path: '/search',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.search, path: pathname, noindex: true })),
                lazy: page(() => import('../features/search')),
              },
              {
                // A missing room id is handled by the page (redirects to /).
                path: '/chat/:roomId?',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.chat, path: pathname, noindex: true })),
                lazy: page(() => import('../features/chat')),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: handle(({ pathname }) => ({ title: PAGE_TITLES.notFound, path: pathname, noindex: true })),
        lazy: page(() => import('../pages/not-found/NotFoundPage')),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
