import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { validateUsername } from '../../../shared/validation/profile';
import { accountsRepository, type GitHubSourcedFields } from '../../db/repositories/accounts.repository';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Database, NewProfile } from '../../db/schema';
import type { GitHubUser } from '../../github/github-types';
import { sealToken } from '../../github/token-seal';
import { githubProfileFields, initialDisplayName } from '../profiles/github-profile-text';

export interface SignedInAccount {
  userId: string;
  created: boolean;
}

/**
 * GitHub's view of the user, as stored on the profile, with the sealed token and the e-mail: the
 * verified primary address read at sign-in (GET /user/emails), never /user's public one, which
 * need not be the primary. `undefined`: GitHub could not be asked, the stored one stays.
 */
function githubFields(user: GitHubUser, sealedToken: string, email: string | null | undefined) {
  const fields: Omit<GitHubSourcedFields, 'email'> & { email?: string | null } = {
    ...githubProfileFields(user),
    github_token_sealed: sealedToken,
  };
  if (email !== undefined) fields.email = email;
  return fields;
}

/**
 * Accounts are keyed by GitHub's numeric id, never by login: a renamed login keeps its account,
 * and whoever registers a freed login later gets a profile of their own.
 */
export function createAccountsService(db: Kysely<Database>, secret: string, now: () => number = Date.now) {
  const repo = accountsRepository(db);

  async function defaultUsername(login: string): Promise<string | null> {
    if (validateUsername(login) !== null) return null;
    return (await repo.isUsernameTaken(login)) ? null : login;
  }

  async function insertNew(
    user: GitHubUser,
    sealed: string,
    at: string,
    email: string | null | undefined,
  ): Promise<string> {
    const base: NewProfile = {
      id: randomUUID(),
      github_id: user.id,
      username: await defaultUsername(user.login),
      display_name: initialDisplayName(user),
      bio: null,
      theme_preference: 'system',
      show_github_stats: true,
      show_repositories: true,
      show_contributions: true,
      show_location: true,
      show_company: true,
      profile_visibility: 'public',
      contribution_streak: 0,
      language_stats: '{}',
      github_synced_at: null,
      email: email ?? null,
      ...githubFields(user, sealed, email),
      created_at: at,
      updated_at: at,
    };
    try {
      await repo.insert(base);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone claimed the username in the meantime: start without one.
      await repo.insert({ ...base, username: null });
    }
    return base.id;
  }

  return {
    /** Creates or refreshes the profile of the GitHub user who just signed in. */
    async signInWithGitHub(
      user: GitHubUser,
      accessToken: string,
      /** The verified primary address; undefined when GitHub could not be asked (the stored one stays). */
      email?: string | null,
    ): Promise<SignedInAccount> {
      const at = new Date(now()).toISOString();
      const sealed = sealToken(secret, accessToken);
      // An older account that held this login (before renaming away) must not keep showing it or
      // linking to the new holder's GitHub page; its next sign-in brings its current login.
      await repo.releaseGitHubLogin(user.login, user.id, at);
      const existing = await repo.findByGithubId(user.id);
      if (existing) {
        await repo.refreshGitHubFields(existing.id, githubFields(user, sealed, email), at);
        return { userId: existing.id, created: false };
      }
      try {
        return { userId: await insertNew(user, sealed, at, email), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent sign-in of the same GitHub user created the profile first.
        const winner = await repo.findByGithubId(user.id);
        if (!winner) throw error;
        await repo.refreshGitHubFields(winner.id, githubFields(user, sealed, email), at);
        return { userId: winner.id, created: false };
      }
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
