import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { PinnedDialogProps } from './PinnedDialogView';

// Downloaded the first time the pinned messages are opened.
const PinnedDialogView = lazy(() => import('./PinnedDialogView'));

/** The room's pinned messages, each opening the room at that message. */
export function PinnedDialog(props: PinnedDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <PinnedDialogView {...props} />
    </Suspense>
  );
}
