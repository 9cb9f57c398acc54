import { lazy, Suspense } from 'react';
import type { ThreadPanelProps } from './ThreadPanelView';

// Downloaded the first time a thread is opened.
const ThreadPanelView = lazy(() => import('./ThreadPanelView'));

/** A thread beside the room (a full-screen sheet on phones). */
export function ThreadPanel(props: ThreadPanelProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="w-96 shrink-0 border-l p-4 text-sm text-muted-foreground">
          Loading thread…
        </p>
      }
    >
      <ThreadPanelView {...props} />
    </Suspense>
  );
}
