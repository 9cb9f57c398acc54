/**
 * A room's public archive, as its moderators set it (docs/PRODUCT.md §22).
 *
 * PUT /api/rooms/:roomId/archive-settings { access?, indexing? } (moderators) → the settings;
 * each change is written to the moderation log. GET /api/rooms/:roomId answers them as `archive`.
 */
export const ARCHIVE_ACCESS = ['anyone', 'members'] as const;
export type ArchiveAccess = (typeof ARCHIVE_ACCESS)[number];
export const ARCHIVE_INDEXING = ['indexed', 'hidden'] as const;
export type ArchiveIndexing = (typeof ARCHIVE_INDEXING)[number];

export const ARCHIVE_ACCESS_LABELS: Record<ArchiveAccess, string> = {
  anyone: 'Anyone can read',
  members: 'Members only',
};

export interface ArchiveSettings {
  access: ArchiveAccess;
  indexing: ArchiveIndexing;
}

/** The refusal a non-member reads in a room for members only. */
export const MEMBERS_ONLY_MESSAGE = 'This room can be read by its members only';
