import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { USERNAME_RESERVATION_DAYS } from '../../../shared/limits';
import { PROFILE_ERRORS } from '../../../shared/validation/profile';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import { usernameReleasesRepository } from '../../db/repositories/username-releases.repository';
import type { Database, ProfileRow } from '../../db/schema';
import { GitHubError, type GitHubApi } from '../../github/github-services';
import { domainErrors } from '../../errors';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';

export const USERNAME_CHECK_UNAVAILABLE = 'Could not check the username on GitHub right now, please retry';

const RESERVATION_MS = USERNAME_RESERVATION_DAYS * 24 * 60 * 60 * 1000;

export interface UsernameRulesDeps {
  db: Kysely<Database>;
  github: Pick<GitHubApi, 'getUser'>;
  limits: Pick<ChatRateLimits, 'usernameCheck'>;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
}

/**
 * The GitHub login is the identity, so a username must not pass its owner off as someone else:
 * it may not be another account's GitHub login (asked of GitHub through the cached client, and of
 * the accounts stored here, which also covers a login GitHub has since freed), nor a name another
 * user gave up less than USERNAME_RESERVATION_DAYS ago. One's own GitHub login is always allowed.
 * Refusals read like any taken name: 'Username is already taken'.
 */
export function createUsernameRules({ db, github, limits, logger, now }: UsernameRulesDeps) {
  const reservedSince = () => new Date(now() - RESERVATION_MS).toISOString();

  /** GitHub's word: whether the login belongs to a GitHub account other than `githubId`. */
  async function isSomeoneElsesLogin(username: string, githubId: number): Promise<boolean> {
    try {
      return (await github.getUser(username)).id !== githubId;
    } catch (error) {
      if (error instanceof GitHubError && error.kind === 'not_found') return false;
      logger.warn({ err: error, username }, 'username not checked on GitHub; refused for now');
      throw domainErrors.unavailable(USERNAME_CHECK_UNAVAILABLE);
    }
  }

  return {
    /**
     * Throws unless `profile`'s owner may take `username` (checked only when it is new to them:
     * a name they hold, in any case, is theirs). Read outside the save's transaction: the unique
     * index still decides between two people saving one name at once.
     */
    async requireAvailable(profile: ProfileRow, username: string): Promise<void> {
      const wanted = username.toLowerCase();
      if (profile.username?.toLowerCase() === wanted) return;
      if (profile.github_username?.toLowerCase() === wanted) return;
      const holder = await usernameReleasesRepository(db).holder(username, reservedSince());
      if (holder !== undefined && holder !== profile.id) throw domainErrors.conflict(PROFILE_ERRORS.usernameTaken);
      if (await profilesRepository(db).isGithubLoginOfAnother(username, profile.id)) {
        throw domainErrors.conflict(PROFILE_ERRORS.usernameTaken);
      }
      await limits.usernameCheck(profile.id);
      if (await isSomeoneElsesLogin(username, Number(profile.github_id))) {
        throw domainErrors.conflict(PROFILE_ERRORS.usernameTaken);
      }
    },

    /**
     * Within the save's transaction: the name given up stays its owner's for
     * USERNAME_RESERVATION_DAYS, the name taken is nobody's reservation any more. A reservation
     * made by someone else since `requireAvailable` looked (they renamed away from it meanwhile)
     * is refused here, rolling the save back.
     */
    async recordChange(trx: Kysely<Database>, profile: ProfileRow, after: string | null, at: string): Promise<void> {
      const before = profile.username;
      if ((before?.toLowerCase() ?? null) === (after?.toLowerCase() ?? null)) return;
      const releases = usernameReleasesRepository(trx);
      if (after !== null) {
        const ownLogin = profile.github_username?.toLowerCase() === after.toLowerCase();
        const holder = await releases.holder(after, reservedSince());
        if (!ownLogin && holder !== undefined && holder !== profile.id) {
          throw domainErrors.conflict(PROFILE_ERRORS.usernameTaken);
        }
        await releases.remove(after);
      }
      if (before !== null) await releases.reserve(before, profile.id, at, reservedSince());
    },
  };
}

export type UsernameRules = ReturnType<typeof createUsernameRules>;
