import type { MemberDto } from '../../../shared/api/rooms';

/** How long a cached list may show members' names and avatars as they were (profiles are not room events). */
export const MEMBER_LIST_MAX_AGE_MS = 30_000;
/** Members held across all cached rooms: a few large rooms, or many small ones. */
export const MEMBER_LIST_CACHE_MEMBERS = 200_000;

interface Entry {
  /** The room's sequence the list is known to be current at. */
  seq: number;
  members: MemberDto[];
  readAt: number;
}

export interface MemberListCache {
  /**
   * The list as of `seq`, when one is held that was read at or before it and is young enough;
   * `isUnchanged(fromSeq)` says whether the room's log has no membership change in (fromSeq, seq].
   */
  get(
    roomId: string,
    seq: number,
    isUnchanged: (fromSeq: number) => Promise<boolean>,
  ): Promise<MemberDto[] | undefined>;
  put(roomId: string, seq: number, members: MemberDto[]): void;
}

/**
 * The room snapshot's member list, per room, on this process. Every change to who is a member,
 * their role or their mute is a room event written in the same transaction as the change, so a
 * list read at sequence S is still the list at a later sequence T when the log has no such event
 * between them: one read of a few log rows instead of a profile per member (a room of 2,000 members
 * is about 2,000 profile lookups). Names and avatars change outside the room's log: a list is read
 * again once it is MEMBER_LIST_MAX_AGE_MS old.
 */
export function createMemberListCache(
  options: { maxMembers?: number; maxAgeMs?: number; now?: () => number } = {},
): MemberListCache {
  const maxMembers = options.maxMembers ?? MEMBER_LIST_CACHE_MEMBERS;
  const maxAgeMs = options.maxAgeMs ?? MEMBER_LIST_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  // Insertion order is use order: a hit moves its room to the end, the oldest go first.
  const entries = new Map<string, Entry>();
  let held = 0;

  function drop(roomId: string): void {
    const entry = entries.get(roomId);
    if (!entry) return;
    entries.delete(roomId);
    held -= entry.members.length;
  }

  return {
    async get(roomId, seq, isUnchanged) {
      const entry = entries.get(roomId);
      if (!entry) return undefined;
      if (now() - entry.readAt > maxAgeMs) {
        drop(roomId);
        return undefined;
      }
      // A list from a later state than the reader's (another transaction read it) is not this one's.
      if (entry.seq > seq) return undefined;
      if (entry.seq < seq && !(await isUnchanged(entry.seq))) {
        if (entries.get(roomId) === entry) drop(roomId);
        return undefined;
      }
      // Still current at `seq`: the next reader checks the log from here.
      if (entries.get(roomId) === entry) {
        entries.delete(roomId);
        entries.set(roomId, { ...entry, seq });
      }
      return entry.members;
    },

    put(roomId, seq, members) {
      if (members.length > maxMembers) return;
      const current = entries.get(roomId);
      if (current && current.seq > seq) return;
      drop(roomId);
      entries.set(roomId, { seq, members, readAt: now() });
      held += members.length;
      for (const oldest of entries.keys()) {
        if (held <= maxMembers) break;
        drop(oldest);
      }
    },
  };
}
