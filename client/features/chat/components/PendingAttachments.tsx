import { lazy, Suspense } from 'react';
import type { AttachmentUploads } from '../hooks/useAttachmentUploads';

// Downloaded the first time a file is attached.
const PendingAttachmentsView = lazy(() => import('./PendingAttachmentsView'));

/** The attachments waiting in a composer (PendingAttachmentsView.tsx); nothing when there are none. */
export function PendingAttachments({ uploads }: { uploads: Pick<AttachmentUploads, 'pending' | 'remove' | 'retry'> }) {
  if (uploads.pending.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PendingAttachmentsView uploads={uploads} />
    </Suspense>
  );
}
