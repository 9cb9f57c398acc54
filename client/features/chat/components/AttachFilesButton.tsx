import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { ATTACHMENT_ACCEPT } from '../../../../shared/attachments/attachments';
import { Button } from '../../../components/ui/Button';

/** The paper clip: picks files to attach (several at once). */
export function AttachFilesButton({ onFiles, disabled }: { onFiles(files: File[]): void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Attach files"
        title="Attach files"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="h-4 w-4" aria-hidden="true" />
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_ACCEPT}
        data-testid="attach-files-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}
