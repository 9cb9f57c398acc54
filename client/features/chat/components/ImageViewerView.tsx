import { Download } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';

export interface ImageViewerProps {
  image: AttachmentDto | null;
  onClose(): void;
}

/** The full image of an attachment, with "Download"; Escape or the close button closes it. */
export default function ImageViewerView({ image, onClose }: ImageViewerProps) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      {image && (
        <DialogContent
          title={image.name}
          className="max-h-[calc(100dvh-2rem)] max-w-[min(calc(100vw-2rem),1200px)] grid-rows-[auto_minmax(0,1fr)_auto]"
          data-testid="image-viewer"
        >
          <img
            src={image.url}
            alt={image.name}
            width={image.width}
            height={image.height}
            className="mx-auto max-h-[75dvh] w-auto max-w-full object-contain"
          />
          <a
            href={image.url}
            download={image.name}
            className="inline-flex items-center gap-1.5 justify-self-start rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download
          </a>
        </DialogContent>
      )}
    </Dialog>
  );
}
