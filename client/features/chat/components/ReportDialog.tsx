import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { ReportDialogProps } from './ReportDialogView';

// Downloaded the first time it is opened.
const ReportDialogView = lazy(() => import('./ReportDialogView'));

/** A member reports a message (a reason and an optional note). */
export function ReportDialog(props: ReportDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialogView {...props} />
    </Suspense>
  );
}
