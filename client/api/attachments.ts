import type { ApiErrorResponse } from '../../shared/api/errors';
import type { UploadAttachmentResponse } from '../../shared/attachments/attachments-api';
import { ApiRequestError } from './http';

/**
 * Uploads a file to a room, to send with a message: the file's bytes as the body, with progress
 * (0 to 1) as it goes. XMLHttpRequest, because fetch cannot report an upload's progress.
 */
export function uploadAttachment(
  roomId: string,
  file: Blob & { name: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAttachmentResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const url = `/api/rooms/${encodeURIComponent(roomId)}/attachments?name=${encodeURIComponent(file.name)}`;
    request.open('POST', url);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status === 201) {
        resolve(data as UploadAttachmentResponse);
        return;
      }
      const error = (data as ApiErrorResponse | undefined)?.error;
      reject(
        new ApiRequestError(
          request.status,
          error?.code ?? 'http_error',
          error?.message ?? `Upload failed (${request.status})`,
          error?.retryAfterSeconds,
        ),
      );
    };
    request.onerror = () => reject(new ApiRequestError(0, 'network', 'Network error: check your connection'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
