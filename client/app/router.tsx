import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { homePageMeta, PAGE_TITLES } from '../../shared/meta';
import { AppRoot } from './AppRoot';
import { MainLayout } from './MainLayout';
import { RequireAuth } from './RequireAuth';
import { RouteMeta } from './RouteMeta';
import { MessageSearchPage } from '../features/search';
import type { RouteHandle } from './route-meta';

// Each page is its own chunk, so the home page never loads chat or profile code. Until a page's
// code has arrived, AppRoot shows the served shell (the first page) or keeps the previous page.
const AuthPage = lazy(() => import('../pages/auth/AuthPage'));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const PublicProfilePage = lazy(() => import('../pages/user/PublicProfilePage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const RepoRoomPage = lazy(() => import('../pages/repo-room/RepoRoomPage'));
const ChatRoomPage = lazy(() => import('../features/chat'));
const ThreadsPage = lazy(() => import('../pages/threads/ThreadsPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

const handle = (meta: RouteHandle['meta']): RouteHandle => ({ meta });

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        path: '/auth',
        handle: handle(({ pathname }) => ({ title: PAGE_TITLES.auth, path: pathname, noindex: true })),
        element: <AuthPage />,
      },
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            handle: handle(({ publicUrl }) => homePageMeta(publicUrl)),
            element: <HomePage />,
          },
          {
            // A missing username is handled by the page (redirects to /).
            path: '/user/:username?',
            handle: handle(({ pathname }) => ({ path: pathname })),
            element: <PublicProfilePage />,
          },
          {
            // The readable address of a repository's room: opens it at /chat/{id} (never joins it).
            path: '/r/:owner/:name',
            handle: handle(({ pathname }) => ({ title: PAGE_TITLES.chat, path: pathname, noindex: true })),
            element: <RepoRoomPage />,
          },
          {
            // Readable by anyone (docs/PRODUCT.md §22). A missing room id is handled by the page (redirects to /).
            path: '/chat/:roomId?',
            handle: handle(({ pathname }) => ({ title: PAGE_TITLES.chat, path: pathname, noindex: true })),
            element: <ChatRoomPage />,
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/profile',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.profile, path: pathname, noindex: true })),
                element: <ProfilePage />,
              },
              {
                path: '/search',
                handle: handle(({ pathname }) => ({ title: PAGE_TITLES.search, path: pathname, noindex: true })),
                element: <MessageSearchPage />,
              },
              { path: '/mentions', element: <MessageSearchPage /> },
              { path: '/threads', element: <ThreadsPage /> },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: handle(({ pathname }) => ({ title: PAGE_TITLES.notFound, path: pathname, noindex: true })),
        element: <NotFoundPage />,
      },
    ],
  },
];

/**
 * The screens, rendered inside <BrowserRouter>. The app uses no loaders, actions or blockers, so
 * the declarative router is enough (and much smaller than the data router).
 */
export function AppRoutes() {
  return (
    <>
      <RouteMeta routes={routes} />
      {useRoutes(routes)}
    </>
  );
}
