import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import {
  ATTACHMENT_ERRORS,
  ATTACHMENTS_PER_MESSAGE,
  attachmentProblem,
  isImageType,
} from '../../../../shared/attachments/attachments';
import type { AttachmentDto } from '../../../../shared/attachments/attachments-api';

/** A file in the composer: uploading, uploaded (ready to send) or failed with its reason. */
export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  type: string;
  /** A local preview of an image (an object URL), shown until the message is sent. */
  previewUrl: string | null;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error: string | null;
  /** Whether trying again may work (a refusal for its size or type will not). */
  retryable: boolean;
  attachment: AttachmentDto | null;
}

let nextKey = 0;

/**
 * The composer's attachments: files picked, pasted or dropped start uploading at once; each
 * shows its progress, can be removed, and on failure says why and can be tried again. The
 * message is sent with the uploaded ones (`attachments`) once none is still uploading.
 */
export function useAttachmentUploads(roomId: string | undefined) {
  const [pending, setPending] = useState<PendingAttachment[]>([]);
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, change: Partial<PendingAttachment>) => {
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file || !roomId) return;
      const controller = new AbortController();
      aborts.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, error: null });
      // The upload client is downloaded with the first file.
      import('../../../api/attachments')
        .then(({ uploadAttachment }) =>
          uploadAttachment(roomId, file, (progress) => update(key, { progress }), controller.signal),
        )
        .then(
          ({ attachment }) => update(key, { status: 'done', progress: 1, attachment }),
          (error: unknown) => {
            if ((error as { name?: string }).name === 'AbortError') return;
            const status = (error as { status?: number }).status ?? 0;
            update(key, {
              status: 'failed',
              error: error instanceof Error ? error.message : 'Upload failed',
              retryable: status === 0 || status === 429 || status >= 500,
            });
          },
        );
    },
    [roomId, update],
  );

  const add = useCallback(
    (incoming: readonly File[]) => {
      if (incoming.length === 0) return;
      const room = ATTACHMENTS_PER_MESSAGE - pending.length;
      const added: PendingAttachment[] = incoming.map((file, index) => {
        const key = `attachment-${(nextKey += 1)}`;
        const problem = index >= room ? ATTACHMENT_ERRORS.tooMany : attachmentProblem(file);
        files.current.set(key, file);
        return {
          key,
          name: file.name || 'pasted-image.png',
          size: file.size,
          type: file.type,
          previewUrl: !problem && isImageType(file.type) ? URL.createObjectURL(file) : null,
          progress: 0,
          status: problem ? 'failed' : 'uploading',
          error: problem,
          retryable: false,
          attachment: null,
        };
      });
      setPending((list) => [...list, ...added]);
      for (const item of added) if (item.status === 'uploading') start(item.key);
    },
    [pending.length, start],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    aborts.current.delete(key);
    files.current.delete(key);
    setPending((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  /** After a send: the composer starts empty again. */
  const clear = useCallback(() => {
    files.current.clear();
    aborts.current.clear();
    setPending((list) => {
      for (const item of list) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      return [];
    });
  }, []);

  // Leaving the room cancels what is still uploading.
  useEffect(() => {
    const controllers = aborts.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
    };
  }, [roomId]);

  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const pasted = [...event.clipboardData.files];
      if (pasted.length === 0) return;
      event.preventDefault();
      add(pasted.map((file) => (file.name ? file : new File([file], 'pasted-image.png', { type: file.type }))));
    },
    [add],
  );

  /** Props of the area files can be dropped on (the room). */
  const dropTarget = useMemo(
    () => ({
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDrop: (event: DragEvent) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        // The innermost composer takes the files (a thread's, inside the room).
        event.stopPropagation();
        add([...event.dataTransfer.files]);
      },
    }),
    [add],
  );

  const uploading = pending.some((item) => item.status === 'uploading');
  const failed = pending.some((item) => item.status === 'failed');
  const attachments = pending.flatMap((item) => (item.attachment ? [item.attachment] : []));
  return {
    pending,
    attachments,
    uploading,
    failed,
    add,
    remove,
    retry: start,
    clear,
    onPaste,
    dropTarget,
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
