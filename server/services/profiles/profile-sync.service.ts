import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NO_GITHUB_ACCOUNT_MESSAGE } from '../../../shared/api/profiles';
import type { Database } from '../../db/schema';
import { profilesRepository } from '../../db/repositories/profiles.repository';
import { userRepositoriesRepository } from '../../db/repositories/user-repositories.repository';
import { userContributionsRepository } from '../../db/repositories/user-contributions.repository';
import { GitHubError, type GitHubApi } from '../../github/github-services';
import type { ContributionDay } from '../../github/github-types';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { githubProfileFields } from './github-profile-text';
import {
  groupContributions,
  languageCounts,
  streakFromCalendar,
  streakFromEvents,
  topRepositories,
} from './github-activity';
import { DomainError, domainErrors } from '../../errors';

export const ACCOUNT_MISMATCH_MESSAGE =
  'This GitHub login now belongs to a different account. Sign in with GitHub again to refresh your profile.';

/** Each sync costs several GitHub calls; a handful per user per 10 minutes is plenty. */
export const SYNC_RATE = { limit: 6, windowMs: 10 * 60_000 } as const;

export interface ProfileSyncDeps {
  db: Kysely<Database>;
  github: GitHubApi;
  rateLimiter: RateLimiter;
  now: () => number;
  /** Opens the user's sealed GitHub token (for the contribution calendar); null when it cannot. */
  unsealToken?: (sealed: string) => string | null;
}

export function createProfileSyncService(deps: ProfileSyncDeps) {
  return {
    /**
     * Fetches everything first, then replaces the profile's GitHub fields, repositories and
     * contributions in one transaction: a failed fetch leaves the previous data whole.
     */
    async sync(userId: string): Promise<void> {
      const profile = await profilesRepository(deps.db).findById(userId);
      if (!profile) throw domainErrors.notFound('Profile not found');
      const login = profile.github_username;
      if (!login) throw new DomainError('bad_request', NO_GITHUB_ACCOUNT_MESSAGE, { reason: 'no_github_account' });

      const limit = await deps.rateLimiter.hit(`profile-sync:${userId}`, SYNC_RATE.limit, SYNC_RATE.windowMs);
      if (!limit.allowed) {
        throw domainErrors.rateLimited(
          `Please wait ${limit.retryAfterSeconds} seconds before syncing again`,
          limit.retryAfterSeconds,
        );
      }

      const userToken = profile.github_token_sealed ? (deps.unsealToken?.(profile.github_token_sealed) ?? null) : null;
      const fetched = await fetchGitHubData(deps.github, login, userToken).catch((error: unknown) => {
        throw toSyncError(error, login);
      });

      // Logins change hands on GitHub: a profile only ever takes data from the account it was created for.
      if (fetched.user.id !== Number(profile.github_id)) {
        throw new DomainError('conflict', ACCOUNT_MISMATCH_MESSAGE, { reason: 'github_account_changed' });
      }

      const nowMs = deps.now();
      const nowIso = new Date(nowMs).toISOString();
      const streak = fetched.calendar
        ? streakFromCalendar(fetched.calendar, nowMs)
        : streakFromEvents(fetched.events, nowMs);
      const repositories = topRepositories(fetched.repos).map((repo) => ({
        id: randomUUID(),
        repo_name: repo.full_name,
        repo_url: repo.html_url,
        description: repo.description,
        language: repo.language,
        stars_count: repo.stargazers_count,
        forks_count: repo.forks_count,
      }));
      const contributions = groupContributions(fetched.events).map((c) => ({ id: randomUUID(), ...c }));
      const { user } = fetched;

      await deps.db.transaction().execute(async (trx) => {
        // Updating the profile row first locks it, so concurrent syncs of one user run one after the other.
        const found = await profilesRepository(trx).updateGithubFields(
          userId,
          {
            ...githubProfileFields(user),
            contribution_streak: streak,
            language_stats: JSON.stringify(languageCounts(fetched.repos)),
            github_synced_at: nowIso,
          },
          nowIso,
        );
        if (!found) throw domainErrors.notFound('Profile not found');
        await userRepositoriesRepository(trx).replaceForUser(userId, repositories);
        await userContributionsRepository(trx).replaceForUser(userId, contributions);
      });
    },
  };
}
export type ProfileSyncService = ReturnType<typeof createProfileSyncService>;

async function fetchGitHubData(github: GitHubApi, login: string, userToken: string | null) {
  const [user, repos, events, calendar] = await Promise.all([
    github.getUser(login),
    github.listUserRepositories(login),
    github.listUserPublicEvents(login),
    // The calendar is optional (it needs a token): without it the streak comes from public events.
    github.getContributionCalendar(login, userToken ?? undefined).catch((): ContributionDay[] | null => null),
  ]);
  return { user, repos, events, calendar };
}

function toSyncError(error: unknown, login: string): Error {
  if (error instanceof DomainError) return error;
  if (error instanceof GitHubError) {
    if (error.kind === 'not_found') {
      return new DomainError('upstream_unavailable', `GitHub account ${login} was not found`);
    }
    if (error.kind === 'rate_limited') {
      return new DomainError('upstream_rate_limited', 'GitHub rate limit reached, please try again later');
    }
    return new DomainError('upstream_unavailable', 'GitHub is unavailable right now, please try again later');
  }
  return error instanceof Error ? error : new Error(String(error));
}
