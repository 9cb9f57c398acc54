import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { BannedDialogProps } from './BannedDialogView';

// Moderators' dialogs are downloaded the first time one is opened.
const BannedDialogView = lazy(() => import('./BannedDialogView'));

/** The room's bans, each with "Unban". */
export function BannedDialog(props: BannedDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <BannedDialogView {...props} />
    </Suspense>
  );
}
