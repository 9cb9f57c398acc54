import type { z } from 'zod';
import type { attachmentDto, uploadAttachmentResponse } from './attachments.schemas';

/** A file as a message carries it. */
export type AttachmentDto = z.infer<typeof attachmentDto>;
/** The answer to an upload. */
export type UploadAttachmentResponse = z.infer<typeof uploadAttachmentResponse>;
