import { MessagesSquare } from 'lucide-react';
import { DemoBannerNote } from '../components/layout/DemoBanner';
import { Skeleton } from '../components/ui/Skeleton';

/**
 * The page frame before the app has loaded: sidebar rail, demo banner, header with the brand and an
 * account placeholder, and a content skeleton. client/index.html carries this markup verbatim (a
 * test keeps them equal), so a slow connection shows it before any script runs; the router renders
 * it again until the first page's code has arrived, so nothing jumps when React takes over. It uses
 * the same classes and sizes as MainLayout, Sidebar and Header. The server marks <html> with the
 * GitHub mode and the sidebar cookie's state (data-github-mode, data-sidebar) for the parts that
 * depend on them.
 */
export function AppShell() {
  return (
    <div className="flex min-h-dvh w-full" data-app-shell="">
      <div
        aria-hidden="true"
        className="sticky top-0 hidden h-svh w-16 shrink-0 border-r bg-sidebar md:block in-data-[sidebar=expanded]:w-64"
      />
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <div className="hidden in-data-[github-mode=emulated]:block">
          <DemoBannerNote />
        </div>
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <span aria-hidden="true" className="h-9 w-9 shrink-0 md:hidden" />
          <a href="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight">
            <MessagesSquare className="h-5 w-5 text-primary" aria-hidden="true" />
            RepoRooms
          </a>
          <div className="ml-auto flex items-center gap-2">
            <Skeleton className="h-8 w-8 rounded-full" />
          </div>
        </header>
        <main
          className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 pt-6 sm:px-6"
          aria-busy="true"
          data-testid="app-shell-skeleton"
        >
          <span className="sr-only">Loading RepoRooms…</span>
          <Skeleton className="mx-auto h-9 w-full max-w-md" />
          <Skeleton className="mx-auto h-11 w-full max-w-2xl" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
          </div>
        </main>
      </div>
    </div>
  );
}
