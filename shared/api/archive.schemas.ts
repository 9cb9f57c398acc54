import { z } from 'zod';
import { ARCHIVE_ACCESS, ARCHIVE_INDEXING } from './archive';

/** The contract of a room's archive settings (shared/api/archive.ts). */
export const archiveSettingsDto = z
  .strictObject({
    access: z.enum(ARCHIVE_ACCESS).describe("'anyone': visitors and non-members read the room and its archive pages."),
    indexing: z.enum(ARCHIVE_INDEXING).describe("'hidden': archive pages say noindex and leave the sitemap."),
  })
  .meta({
    id: 'ArchiveSettings',
    description: 'Who reads a room without joining, and whether search engines index it.',
  });

export const archiveSettingsBody = z.object({
  access: z.enum(ARCHIVE_ACCESS).optional(),
  indexing: z.enum(ARCHIVE_INDEXING).optional(),
});
