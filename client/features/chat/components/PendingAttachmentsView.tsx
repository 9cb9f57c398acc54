import { FileText, RotateCw, X } from 'lucide-react';
import { formatFileSize } from '../../../../shared/attachments/attachments';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import type { AttachmentUploads, PendingAttachment } from '../hooks/useAttachmentUploads';

/** The attachments waiting in the composer: a thumbnail or file chip each, with progress and actions. */
export default function PendingAttachmentsView({
  uploads,
}: {
  uploads: Pick<AttachmentUploads, 'pending' | 'remove' | 'retry'>;
}) {
  return (
    <ul aria-label="Attachments to send" className="mb-2 flex flex-wrap gap-2">
      {uploads.pending.map((item) => (
        <PendingChip key={item.key} item={item} onRemove={uploads.remove} onRetry={uploads.retry} />
      ))}
    </ul>
  );
}

function PendingChip({
  item,
  onRemove,
  onRetry,
}: {
  item: PendingAttachment;
  onRemove(key: string): void;
  onRetry(key: string): void;
}) {
  const failed = item.status === 'failed';
  return (
    <li
      data-testid="pending-attachment"
      data-status={item.status}
      className={cn(
        'relative flex w-56 items-center gap-2 overflow-hidden rounded-md border bg-card p-1.5 text-xs',
        failed && 'border-destructive',
      )}
    >
      {item.previewUrl ? (
        <img src={item.previewUrl} alt="" className="h-10 w-10 shrink-0 rounded object-cover" />
      ) : (
        <FileText className="h-10 w-10 shrink-0 p-2 text-muted-foreground" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={item.name}>
          {item.name}
        </p>
        {failed ? (
          <p role="alert" className="text-destructive">
            {item.error}
          </p>
        ) : (
          <p className="text-muted-foreground">
            {formatFileSize(item.size)}
            {item.status === 'uploading' ? ' · uploading' : ''}
          </p>
        )}
      </div>
      {failed && item.retryable && (
        <Button variant="ghost" size="sm" className="h-6 px-1.5" onClick={() => onRetry(item.key)}>
          <RotateCw className="h-3 w-3" aria-hidden="true" />
          Retry
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="h-6 w-6 shrink-0"
        aria-label="Remove attachment"
        title="Remove attachment"
        onClick={() => onRemove(item.key)}
      >
        <X className="h-3.5 w-3.5" aria-hidden="true" />
      </Button>
      {item.status === 'uploading' && (
        <div
          role="progressbar"
          aria-label={`Uploading ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(item.progress * 100)}
          className="absolute right-0 bottom-0 left-0 h-1 bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${item.progress * 100}%` }} />
        </div>
      )}
    </li>
  );
}
