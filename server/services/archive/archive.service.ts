import type { Kysely } from 'kysely';
import type { MessageDto } from '../../../shared/api/rooms';
import { archiveRepository, type ArchiveAuthorRow, type ArchiveDayRow } from '../../db/repositories/archive.repository';
import { repoKeyOf, roomsRepository } from '../../db/repositories/rooms.repository';
import type { ChatRoomRow, Database } from '../../db/schema';
import { presentMessages } from '../messages/message.presenter';
import type { PresenceStore } from '../presence/presence-store';
import { membersRepository } from '../../db/repositories/members.repository';

/** Days per page of a room's archive index. */
export const ARCHIVE_DAYS_PER_PAGE = 100;
/** At most this many messages of one day are shown (a day page stays small). */
export const ARCHIVE_DAY_MAX_MESSAGES = 2_000;
/** A sitemap holds at most this many addresses (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;

export interface ArchiveRoom {
  id: string;
  repoFullName: string;
  lastSeq: number;
  /** Anyone may read it without joining ('anyone'), or only its members ('members'). */
  access: 'anyone' | 'members';
  /** Search engines may index it. */
  indexed: boolean;
}

export interface ArchiveMessages {
  messages: MessageDto[];
  /** Authors by id, with their profile's visibility. */
  authors: Map<string, ArchiveAuthorRow>;
}

function archiveRoomOf(row: ChatRoomRow): ArchiveRoom {
  return {
    id: row.id,
    repoFullName: row.repo_full_name,
    lastSeq: Number(row.last_seq),
    access: row.archive_access === 'members' ? 'members' : 'anyone',
    indexed: row.archive_indexing !== 'hidden',
  };
}

/**
 * A room's public archive (docs/PRODUCT.md §22): its days, a day's messages, a thread, and what
 * the sitemap lists. Only what is in the room now: deleted and removed messages are left out,
 * and edited ones carry their current text only.
 */
export function createArchiveService({
  db,
  presence,
}: {
  db: Kysely<Database>;
  presence: Pick<PresenceStore, 'online'>;
}) {
  const archive = archiveRepository(db);

  async function present(rows: Parameters<typeof presentMessages>[1]): Promise<ArchiveMessages> {
    const [messages, authors] = await Promise.all([
      presentMessages(db, rows),
      archive.authors(rows.map((row) => row.user_id)),
    ]);
    return { messages, authors };
  }

  return {
    /** The room of a repository (any letter case), without creating one. */
    async room(repoFullName: string): Promise<ArchiveRoom | undefined> {
      const row = await roomsRepository(db).findByRepoKey(repoKeyOf(repoFullName));
      return row ? archiveRoomOf(row) : undefined;
    },

    async roomById(roomId: string): Promise<ArchiveRoom | undefined> {
      const row = await roomsRepository(db).findById(roomId);
      return row ? archiveRoomOf(row) : undefined;
    },

    async days(roomId: string, page: number): Promise<{ days: ArchiveDayRow[]; pages: number }> {
      const [days, total] = await Promise.all([
        archive.days(roomId, ARCHIVE_DAYS_PER_PAGE, (page - 1) * ARCHIVE_DAYS_PER_PAGE),
        archive.dayCount(roomId),
      ]);
      return { days, pages: Math.max(1, Math.ceil(total / ARCHIVE_DAYS_PER_PAGE)) };
    },

    async day(
      roomId: string,
      day: string,
    ): Promise<(ArchiveMessages & { previous: string | null; next: string | null }) | undefined> {
      const [rows, around] = await Promise.all([
        archive.messagesOn(roomId, day, ARCHIVE_DAY_MAX_MESSAGES),
        archive.neighbours(roomId, day),
      ]);
      if (rows.length === 0) return undefined;
      return { ...(await present(rows)), ...around };
    },

    async thread(
      roomId: string,
      rootId: string,
    ): Promise<{ root: MessageDto; replies: MessageDto[]; authors: Map<string, ArchiveAuthorRow> } | undefined> {
      const found = await archive.thread(roomId, rootId);
      if (!found) return undefined;
      const { messages, authors } = await present([found.root, ...found.replies]);
      const [root, ...replies] = messages;
      return root ? { root, replies, authors } : undefined;
    },

    /** For the README badge: members online now, and active members. */
    async counts(roomId: string): Promise<{ online: number; members: number }> {
      const [online, members] = await Promise.all([presence.online(roomId), membersRepository(db).countActive(roomId)]);
      return { online: online.length, members };
    },

    /** The rooms the sitemap lists: readable by anyone and not hidden from search engines. */
    indexedRooms() {
      return archive.indexedRooms();
    },

    /** A room's archive addresses for the sitemap: its days (with their counts) and its threads. */
    async sitemapEntries(roomId: string) {
      const [days, threads] = await Promise.all([
        archive.days(roomId, SITEMAP_MAX_URLS * 4, 0),
        archive.threadRoots(roomId, SITEMAP_MAX_URLS * 4),
      ]);
      return { days, threads };
    },
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
export type { ArchiveAuthorRow, ArchiveDayRow } from '../../db/repositories/archive.repository';
