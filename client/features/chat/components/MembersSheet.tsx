import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import type { MembersSheetProps } from './MembersSheetView';

// The sheet (dialog) code is downloaded when a phone first opens the members.
const MembersSheetView = lazy(() => import('./MembersSheetView'));

/** On phones the members and the repository details are a side sheet, opened from the room's header. */
export function MembersSheet(props: MembersSheetProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <MembersSheetView {...props} />
    </Suspense>
  );
}
