import { lazy, Suspense } from 'react';
import { isImageType } from '../../../../shared/attachments/attachments';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import { INLINE_MAX_HEIGHT, INLINE_MAX_WIDTH, inlineSize } from './attachment-size';

export { inlineSize } from './attachment-size';

// Downloaded with the first message that has files; until then their places are kept.
const MessageAttachmentsView = lazy(() => import('./MessageAttachmentsView'));

/**
 * A message's files: images inline at their proportions, other files as download chips
 * (MessageAttachmentsView.tsx). While its code loads, each keeps the space it will take.
 */
export function MessageAttachments({ attachments, tabbable }: { attachments: AttachmentDto[]; tabbable: boolean }) {
  return (
    <Suspense fallback={<AttachmentPlaces attachments={attachments} />}>
      <MessageAttachmentsView attachments={attachments} tabbable={tabbable} />
    </Suspense>
  );
}

function AttachmentPlaces({ attachments }: { attachments: AttachmentDto[] }) {
  const images = attachments.filter((a) => isImageType(a.type));
  const files = attachments.length - images.length;
  return (
    <div className="mt-1 flex flex-col gap-1.5" aria-hidden="true">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {images.map((image) => (
            <div
              key={image.id}
              className="rounded-md border bg-muted"
              style={inlineSize(image.width ?? INLINE_MAX_WIDTH, image.height ?? INLINE_MAX_HEIGHT)}
            />
          ))}
        </div>
      )}
      {Array.from({ length: files }, (_, index) => (
        <div key={index} className="h-[3.25rem] w-56 rounded-md border bg-card" />
      ))}
    </div>
  );
}
