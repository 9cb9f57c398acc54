import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { ModerationLogDialogProps } from './ModerationLogDialogView';

// Downloaded the first time it is opened.
const ModerationLogDialogView = lazy(() => import('./ModerationLogDialogView'));

/** The room's moderation log (moderators only). */
export function ModerationLogDialog(props: ModerationLogDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModerationLogDialogView {...props} />
    </Suspense>
  );
}
