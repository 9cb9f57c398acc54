import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { ConfirmDialogProps } from './ConfirmDialogView';

// The dialog code is downloaded the first time a confirmation is asked for.
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

/** Asks before an action that cannot be undone; Cancel (the default focus) and Escape do nothing. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
