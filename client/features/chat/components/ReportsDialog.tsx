import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { ReportsDialogProps } from './ReportsDialogView';

// Downloaded the first time it is opened.
const ReportsDialogView = lazy(() => import('./ReportsDialogView'));

/** A moderator's open reports, to dismiss or remove. */
export function ReportsDialog(props: ReportsDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ReportsDialogView {...props} />
    </Suspense>
  );
}
