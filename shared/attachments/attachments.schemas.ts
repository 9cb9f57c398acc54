import { z } from 'zod';
import { count, entityId, timestamp } from '../api/common.schemas';
import { ATTACHMENT_TYPES } from './attachments';

/** The contract of uploads and of the attachments messages carry (server imports; the client its types). */

export const attachmentDto = z
  .strictObject({
    id: entityId,
    name: z.string().describe('The file name as uploaded (cleaned).'),
    type: z.enum(ATTACHMENT_TYPES).describe('The type the server found in the bytes.'),
    size: count.describe('Bytes of the stored file (an image after re-encoding).'),
    width: count.optional().describe('Images: width in pixels.'),
    height: count.optional().describe('Images: height in pixels.'),
    url: z.string().describe('Where the file is served (`/files/{id}`), to those who may read its message.'),
    thumbnail_url: z.string().optional().describe('Images: a thumbnail at most 512 pixels on its longest side.'),
  })
  .meta({ id: 'Attachment', description: 'A file sent with a message.' });

export const uploadAttachmentQuery = z.object({
  name: z.string({ error: 'name is required' }).min(1, 'name is required').max(1000, 'name is too long'),
});

export const uploadAttachmentResponse = z.strictObject({
  attachment: attachmentDto,
  expires_at: timestamp.describe('When the upload is deleted unless a message carries it.'),
});

export const attachmentIds = z
  .array(z.string().max(100))
  .max(100)
  .optional()
  .describe('Uploads of the caller in this room to send with the message (at most 5).');
