import type { z } from 'zod';
import type { codePreviewResponse } from './code-preview.schemas';

/** GET /api/rooms/:roomId/code-preview?url= → 200 the lines, 404 when the file cannot be shown. */
export type CodePreviewResponse = z.infer<typeof codePreviewResponse>;
