import type { Kysely } from 'kysely';
import type { MessagesPageResponse } from '../../../shared/api/rooms';
import type { Database, MessageRow } from '../../db/schema';
import { type AuthorRow, messagesRepository } from '../../db/repositories/messages.repository';

/** What any remembered view of a room keeps to tell whether it is still right. */
export interface RememberedView {
  /** The room's sequence number the view was read at (every change of the room moves it). */
  lastSeq: number;
  /** Every person the view shows (authors, reactors, quoted authors, repliers), with what it showed of them. */
  people: ReadonlyMap<string, AuthorRow | undefined>;
}

/** A page of a room's history as it was served, with what it was built from. */
export interface RememberedPage extends RememberedView {
  rows: readonly MessageRow[];
  response: MessagesPageResponse;
}

/** How many pages a process remembers (about 25 kB of JSON each); the least recently served go first. */
export const ROOM_PAGES_REMEMBERED = 256;

/**
 * Which page: the room's newest, or the one around a message (`around`), of `limit` messages.
 * `view` names another list read from the room's state (a thread's newest replies, its questions);
 * without it, the room's history.
 */
export interface RoomPageKey {
  roomId: string;
  limit: number;
  around?: string | undefined;
  view?: string | undefined;
}

/**
 * The pages of rooms that people open, kept by this process between requests: everyone who opens
 * a room reads its newest page, the members coming back after the same burst of messages open at
 * the same first unread message, and a link posted in a room is opened by many. Building a page
 * reads four tables; checking that a remembered one is still right reads one row per person on it.
 *
 * A page is served again only when, in one statement, the room's sequence number is still the one
 * it was read at and every person on it still has the name and avatar it shows. Every change to a
 * room's messages, reactions and references moves the sequence number in the same transaction
 * (room-change.ts refuses a change without an event), so a page read at the current number holds
 * them all, whichever process made the change; a renamed person or a new avatar is seen at once.
 */
export function createRoomPageCache<Page extends RememberedView = RememberedPage>(capacity = ROOM_PAGES_REMEMBERED) {
  const pages = new Map<string, Page>();
  const keyOf = ({ roomId, limit, around, view }: RoomPageKey) =>
    `${roomId}:${view ?? 'history'}:${limit}:${around ?? 'newest'}`;

  return {
    /** The remembered page when it is still that page as the database has it now. */
    async read(db: Kysely<Database>, which: RoomPageKey): Promise<Page | undefined> {
      const key = keyOf(which);
      const page = pages.get(key);
      if (!page) return undefined;
      const current = await messagesRepository(db).readSeqWithPeople(which.roomId, [...page.people.keys()]);
      if (!current || current.lastSeq !== page.lastSeq || !samePeople(page.people, current.people)) {
        if (pages.get(key) === page) pages.delete(key);
        return undefined;
      }
      // Most recently served last: the first key is the one to drop.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },

    remember(which: RoomPageKey, page: Page): void {
      const key = keyOf(which);
      const known = pages.get(key);
      // A slower request that read an older state does not replace a newer page.
      if (known && known.lastSeq > page.lastSeq) return;
      pages.delete(key);
      pages.set(key, page);
      while (pages.size > capacity) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },

    /** The remembered page as it is, unchecked (tests). */
    peek(which: RoomPageKey): Page | undefined {
      return pages.get(keyOf(which));
    },

    has(which: RoomPageKey): boolean {
      return pages.has(keyOf(which));
    },

    get size(): number {
      return pages.size;
    },
  };
}

export type RoomPageCache = ReturnType<typeof createRoomPageCache>;

function samePeople(shown: RememberedView['people'], now: ReadonlyMap<string, AuthorRow>): boolean {
  for (const [id, was] of shown) {
    const is = now.get(id);
    if (was === undefined || is === undefined) {
      if (was !== is) return false;
      continue;
    }
    if (
      was.username !== is.username ||
      was.display_name !== is.display_name ||
      was.avatar_url !== is.avatar_url ||
      was.github_username !== is.github_username
    ) {
      return false;
    }
  }
  return true;
}
