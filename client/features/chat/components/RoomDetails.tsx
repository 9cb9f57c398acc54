import { lazy, Suspense } from 'react';
import type { RoomDetailsProps } from './RoomDetailsView';

// Downloaded the first time a room's details are shown.
const RoomDetailsView = lazy(() => import('./RoomDetailsView'));

/** The room's details ("Show details"), while they are open. */
export function RoomDetails({ open, ...props }: RoomDetailsProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RoomDetailsView {...props} />
    </Suspense>
  );
}
