import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { isToasterWanted, subscribeToasterWanted } from '../lib/toast';

// A toaster that cannot be downloaded (offline) drops its toasts rather than taking the app down.
const AppToaster = lazy((): Promise<{ default: ComponentType }> =>
  import('./AppToaster').catch(() => ({ default: () => null })),
);

/** Mounts the toaster once the first toast is raised; until then no toast code is downloaded. */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
