import { Outlet } from 'react-router';
import { DemoBanner } from '../components/layout/DemoBanner';
import { Header } from '../components/layout/Header';
import { Sidebar } from '../components/layout/Sidebar';
import { SidebarProvider } from '../components/layout/SidebarProvider';
import { QuickSwitcher } from '../features/quick-switcher';

/** Sidebar, header and content (docs/PRODUCT.md §2, the main layout). */
export function MainLayout() {
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Skip to content
      </a>
      <Sidebar />
      {/* A page marked data-fills-viewport (the chat room) gets exactly the window's height below the
          banner and header, whatever their height: the column is then one dynamic viewport tall (it
          shrinks with the on-screen keyboard) and main takes what is left. Other pages grow. */}
      <div data-app-column className="flex min-h-dvh min-w-0 flex-1 flex-col has-[[data-fills-viewport]]:h-dvh">
        <DemoBanner />
        <Header />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <QuickSwitcher />
    </SidebarProvider>
  );
}
