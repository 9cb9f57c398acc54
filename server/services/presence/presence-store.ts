/**
 * Who is online in a room: users with at least one socket subscribed to it, on any process.
 * Each process reports its own (room, user) pairs; the store merges them. Apart from rooms, it
 * knows who has any socket open at all (a tab of the site, whatever it shows), on any process.
 */
export interface PresenceStore {
  /** This process now has a socket of the user in the room. */
  add(roomId: string, userId: string): Promise<void>;
  /** This process has no socket of the user in the room any more. */
  remove(roomId: string, userId: string): Promise<void>;
  /** Distinct online user ids of the room, sorted. */
  online(roomId: string): Promise<string[]>;
  /** Re-asserts this process's pairs (keeps them alive where entries expire). */
  refresh(pairs: ReadonlyArray<readonly [roomId: string, userId: string]>): Promise<void>;
  /** This process now has a socket of the user (any room, or none yet). */
  connect(userId: string): Promise<void>;
  /** This process has no socket of the user any more. */
  disconnect(userId: string): Promise<void>;
  /** Whether the user has a socket open on any process. */
  connected(userId: string): Promise<boolean>;
  /** Re-asserts that this process has sockets of these users. */
  refreshUsers(userIds: readonly string[]): Promise<void>;
}

/** Single-process presence: the process's own sockets are the whole truth. */
export function createMemoryPresenceStore(): PresenceStore {
  const rooms = new Map<string, Set<string>>();
  const users = new Set<string>();
  return {
    async add(roomId, userId) {
      let users = rooms.get(roomId);
      if (!users) rooms.set(roomId, (users = new Set()));
      users.add(userId);
    },
    async remove(roomId, userId) {
      const users = rooms.get(roomId);
      users?.delete(userId);
      if (users?.size === 0) rooms.delete(roomId);
    },
    async online(roomId) {
      return [...(rooms.get(roomId) ?? [])].sort();
    },
    async refresh() {
      /* nothing expires in memory */
    },
    async connect(userId) {
      users.add(userId);
    },
    async disconnect(userId) {
      users.delete(userId);
    },
    async connected(userId) {
      return users.has(userId);
    },
    async refreshUsers() {
      /* nothing expires in memory */
    },
  };
}
