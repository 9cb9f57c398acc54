import { z } from 'zod';
import { entityId } from './common.schemas';

export const createIssueBody = z.object({
  title: z.string().trim().min(1, 'The title is required').max(256, 'The title is too long (at most 256 characters)'),
  body: z.string().max(65_536, 'The description is too long (at most 65536 characters)'),
  /** The thread the issue comes from: "{name} opened issue #N" is posted in it. */
  thread_root_id: z.string().max(100).optional(),
});

export const createIssueResponse = z.strictObject({
  number: z.number().int().min(1),
  html_url: z.string(),
  state: z.string(),
  message_id: entityId.nullable().describe('The message "{name} opened issue #N" in the thread (null: not posted).'),
});
