import { z } from 'zod';

export const codePreviewQuery = z.object({ url: z.string().max(2000) });

export const codePreviewResponse = z
  .strictObject({
    repo: z.string(),
    ref: z.string(),
    path: z.string(),
    start_line: z.number().int().min(1),
    end_line: z.number().int().min(1),
    lines: z.array(z.string()).describe('The lines start_line..end_line (fewer when the file ends first).'),
    html_url: z.string().describe('The lines on GitHub ("View on GitHub").'),
  })
  .meta({ id: 'CodePreview', description: 'Lines of a file a GitHub link points at.' });
