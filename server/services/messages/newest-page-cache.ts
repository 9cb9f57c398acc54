import type { Kysely } from 'kysely';
import type { MessagesPageResponse } from '../../../shared/api/rooms';
import type { Database, MessageRow } from '../../db/schema';
import { type AuthorRow, messagesRepository } from '../../db/repositories/messages.repository';

/** A room's newest page as it was served, with what it was built from. */
export interface RememberedPage {
  /** The room's sequence number the page was read at (every change of the room moves it). */
  lastSeq: number;
  /** Every person the page shows (authors, reactors, quoted authors), with what it showed of them. */
  people: ReadonlyMap<string, AuthorRow | undefined>;
  rows: readonly MessageRow[];
  response: MessagesPageResponse;
}

/** How many (room, page size) pages a process remembers; the least recently served go first. */
export const NEWEST_PAGES_REMEMBERED = 256;

/**
 * The newest page of each busy room, kept by this process between requests. Everyone who opens a
 * room reads that page, and building it reads four tables; checking that a remembered one is still
 * right reads one row per person on it.
 *
 * A page is served again only when, in one statement, the room's sequence number is still the one
 * it was read at and every person on it still has the name and avatar it shows. Every change to a
 * room's messages, reactions and references moves the sequence number in the same transaction
 * (room-change.ts refuses a change without an event), so a page read at the current number holds
 * them all, whichever process made the change; a renamed person or a new avatar is seen at once.
 */
export function createNewestPageCache(capacity = NEWEST_PAGES_REMEMBERED) {
  const pages = new Map<string, RememberedPage>();
  const keyOf = (roomId: string, limit: number) => `${limit}:${roomId}`;

  return {
    /** The remembered page when it is still the room's newest page as the database has it now. */
    async read(db: Kysely<Database>, roomId: string, limit: number): Promise<RememberedPage | undefined> {
      const key = keyOf(roomId, limit);
      const page = pages.get(key);
      if (!page) return undefined;
      const current = await messagesRepository(db).readSeqWithPeople(roomId, [...page.people.keys()]);
      if (!current || current.lastSeq !== page.lastSeq || !samePeople(page.people, current.people)) {
        if (pages.get(key) === page) pages.delete(key);
        return undefined;
      }
      // Most recently served last: the first key is the one to drop.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },

    remember(roomId: string, limit: number, page: RememberedPage): void {
      const key = keyOf(roomId, limit);
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
    peek(roomId: string, limit: number): RememberedPage | undefined {
      return pages.get(keyOf(roomId, limit));
    },

    has(roomId: string, limit: number): boolean {
      return pages.has(keyOf(roomId, limit));
    },

    get size(): number {
      return pages.size;
    },
  };
}

export type NewestPageCache = ReturnType<typeof createNewestPageCache>;

function samePeople(shown: RememberedPage['people'], now: ReadonlyMap<string, AuthorRow>): boolean {
  for (const [id, was] of shown) {
    const is = now.get(id);
    if (was === undefined || is === undefined) {
      if (was !== is) return false;
      continue;
    }
    if (was.username !== is.username || was.display_name !== is.display_name || was.avatar_url !== is.avatar_url) {
      return false;
    }
  }
  return true;
}
