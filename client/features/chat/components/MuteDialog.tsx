import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { MuteDialogProps } from './MuteDialogView';

// Moderators' dialogs are downloaded the first time one is opened.
const MuteDialogView = lazy(() => import('./MuteDialogView'));

/** A moderator picks how long a member stays muted (open while `name` is set). */
export function MuteDialog(props: MuteDialogProps) {
  if (!useOpenedOnce(props.name !== null)) return null;
  return (
    <Suspense fallback={null}>
      <MuteDialogView {...props} />
    </Suspense>
  );
}
