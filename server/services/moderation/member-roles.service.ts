import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { membersRepository, type MemberRole } from '../../db/repositories/members.repository';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database } from '../../db/schema';
import { GitHubError, type GitHubApi } from '../../github/github-services';
import type { GitHubRepository } from '../../github/github-types';
import type { RoomChanges } from '../room-events/room-change';

/** A role read from GitHub is trusted this long; after that the next use reads it again. */
export const ROLE_REFRESH_MS = 10 * 60_000;
/** Rooms whose roles a sign-in re-reads (the most recently joined): bounds the GitHub calls. */
export const SIGN_IN_ROLE_ROOMS = 20;

export interface MemberRolesDeps {
  db: Kysely<Database>;
  github: Pick<GitHubApi, 'getRepositoryAsUser'>;
  changes: RoomChanges;
  /** Opens a user's sealed GitHub token; null when it cannot. */
  unsealToken: (sealed: string) => string | null;
  logger: Pick<Logger, 'warn' | 'info'>;
  now: () => number;
}

/** GitHub's word on a repository read with the user's token: admin, maintain, or the owner. */
export function moderatesRepository(repo: GitHubRepository, githubId: number): boolean {
  const permissions = repo.permissions;
  return repo.owner.id === githubId || permissions?.admin === true || permissions?.maintain === true;
}

/**
 * Who moderates a room. A member is a moderator when GitHub, asked with that member's own token
 * through the cached client, gives them admin or maintain access to the room's repository, or
 * they own it. Read at join and at sign-in, and again whenever a stored reading is older than
 * ROLE_REFRESH_MS; a change of role is a room event, so every member sees the badge move.
 * When GitHub cannot answer, the stored reading stands (and is tried again on the next use).
 */
export function createMemberRolesService(deps: MemberRolesDeps) {
  const { db, github, changes, unsealToken, logger, now } = deps;
  const running = new Set<Promise<unknown>>();

  /**
   * GitHub's answer for this user and repository; undefined when GitHub could not answer.
   * `withoutToken`: the answer for someone whose token we do not hold (nobody asked GitHub):
   * not a moderator, or unknown.
   */
  async function readFromGitHub(
    userId: string,
    repoFullName: string,
    withoutToken: 'not_moderator' | 'unknown' = 'not_moderator',
  ): Promise<boolean | undefined> {
    const profile = await profilesRepository(db).findById(userId);
    const token = profile?.github_token_sealed ? unsealToken(profile.github_token_sealed) : null;
    if (!profile || !token) return withoutToken === 'unknown' ? undefined : false;
    try {
      const repo = await github.getRepositoryAsUser(repoFullName, token);
      return moderatesRepository(repo, Number(profile.github_id));
    } catch (error) {
      if (error instanceof GitHubError && error.kind === 'not_found') return false;
      logger.warn(
        { userId, repoFullName, err: error instanceof Error ? error.message : String(error) },
        'role not read',
      );
      return undefined;
    }
  }

  /** Stores a reading; a change of role goes into the room's log as `member.role_changed`. */
  async function store(roomId: string, userId: string, role: MemberRole, previous: MemberRole): Promise<void> {
    if (role.moderator === previous.moderator) {
      await membersRepository(db).setRole(roomId, userId, role);
      return;
    }
    await changes.commit(roomId, async (trx) => {
      const stored = await membersRepository(trx).setRole(roomId, userId, role);
      return {
        result: undefined,
        events: stored ? [{ type: 'member.role_changed', user_id: userId, moderator: role.moderator }] : [],
      };
    });
  }

  async function refresh(roomId: string, userId: string, force: boolean): Promise<boolean> {
    const current = await membersRepository(db).findActiveRole(roomId, userId);
    if (!current) return false;
    const age = current.checked_at ? now() - Date.parse(current.checked_at) : Infinity;
    if (!force && age < ROLE_REFRESH_MS) return current.moderator;
    const room = await roomsRepository(db).findById(roomId);
    if (!room) return false;
    const moderator = await readFromGitHub(userId, room.repo_full_name);
    if (moderator === undefined) return current.moderator;
    await store(roomId, userId, { moderator, checked_at: new Date(now()).toISOString() }, current);
    return moderator;
  }

  return {
    /** The role a joining user gets, read before the join is written (never fails the join). */
    async roleForJoin(userId: string, repoFullName: string): Promise<MemberRole | undefined> {
      const moderator = await readFromGitHub(userId, repoFullName);
      return moderator === undefined ? undefined : { moderator, checked_at: new Date(now()).toISOString() };
    },

    /**
     * Whether GitHub, asked with the user's own token, gives them admin or maintain access to the
     * repository (or they own it), whether or not they are in its room; undefined when GitHub
     * could not answer or we hold no token of theirs to ask with.
     */
    maintainsRepository(userId: string, repoFullName: string): Promise<boolean | undefined> {
      return readFromGitHub(userId, repoFullName, 'unknown');
    },

    /** Whether the user moderates the room now (an active member; the reading refreshed when stale). */
    isModerator(roomId: string, userId: string): Promise<boolean> {
      return refresh(roomId, userId, false);
    },

    /**
     * After a sign-in (a fresh token), re-reads the user's roles in their recent rooms, in the
     * background: it never delays or fails the sign-in.
     */
    refreshAtSignIn(userId: string): void {
      const task = (async () => {
        const rooms = await membersRepository(db).listUserRooms(userId, SIGN_IN_ROLE_ROOMS);
        for (const room of rooms) await refresh(room.id, userId, true);
      })()
        .catch((error: unknown) =>
          logger.warn({ userId, err: error instanceof Error ? error.message : String(error) }, 'roles not refreshed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },

    /** Waits for the sign-in refreshes under way (shutdown, tests). */
    async drain(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type MemberRolesService = ReturnType<typeof createMemberRolesService>;
