import { FileText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ATTACHMENT_TYPE_LABELS, formatFileSize, isImageType } from '../../../../shared/attachments/attachments';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';
import { useOpenedOnce } from '../../../hooks/useOpenedOnce';
import { INLINE_MAX_HEIGHT, INLINE_MAX_WIDTH, inlineSize } from './attachment-size';

// The viewer's code is downloaded the first time an image is opened.
const ImageViewerView = lazy(() => import('./ImageViewerView'));

/**
 * A message's files: images inline (their thumbnails, loaded lazily in a box of their real
 * proportions, so nothing moves when they arrive; a click opens the full image), other files as
 * chips with name, type and size that download when clicked.
 */
export default function MessageAttachmentsView({
  attachments,
  tabbable,
}: {
  attachments: AttachmentDto[];
  tabbable: boolean;
}) {
  const [viewing, setViewing] = useState<AttachmentDto | null>(null);
  const opened = useOpenedOnce(viewing !== null);
  const images = attachments.filter((a) => isImageType(a.type));
  const others = attachments.filter((a) => !isImageType(a.type));
  return (
    <div className="mt-1 flex flex-col gap-1.5" data-testid="message-attachments">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {images.map((image) => {
            const size = inlineSize(image.width ?? INLINE_MAX_WIDTH, image.height ?? INLINE_MAX_HEIGHT);
            return (
              <button
                key={image.id}
                type="button"
                tabIndex={tabbable ? 0 : -1}
                aria-label={`Open ${image.name}`}
                onClick={() => setViewing(image)}
                className="overflow-hidden rounded-md border bg-muted"
                style={{ width: size.width, height: size.height }}
              >
                <img
                  src={image.thumbnail_url ?? image.url}
                  alt={image.name}
                  loading="lazy"
                  decoding="async"
                  width={size.width}
                  height={size.height}
                  className="h-full w-full object-cover"
                  data-testid="attachment-image"
                />
              </button>
            );
          })}
        </div>
      )}
      {others.map((file) => (
        <a
          key={file.id}
          href={file.url}
          download={file.name}
          tabIndex={tabbable ? 0 : -1}
          className="flex w-fit max-w-full items-center gap-2 rounded-md border bg-card px-2 py-1.5 text-sm hover:bg-accent"
          data-testid="attachment-file"
        >
          <FileText className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0">
            <span className="block truncate font-medium">{file.name}</span>
            <span className="block text-xs text-muted-foreground">
              {ATTACHMENT_TYPE_LABELS[file.type]} · {formatFileSize(file.size)}
            </span>
          </span>
        </a>
      ))}
      {opened && (
        <Suspense fallback={null}>
          <ImageViewerView image={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </div>
  );
}
