import type { Logger } from 'pino';
import { GitHubError, type GitHubApi } from '../../github/github-services';
import { domainErrors } from '../../errors';

export const REPOSITORY_NOT_FOUND = 'Repository not found on GitHub';
export const GITHUB_UNAVAILABLE = 'Could not check the repository on GitHub right now, please retry';

/**
 * A room may only be created for a repository GitHub knows (otherwise any typed name would
 * become a room and show up in "Active now"). Asks through the cached GitHub client and answers
 * the repository's own spelling of its name (a renamed repository answers its new name), so one
 * repository never gets two rooms. When GitHub cannot answer, nothing is created: 503, retry.
 */
export function createRepositoryCheck({
  github,
  logger,
}: {
  github: Pick<GitHubApi, 'getRepository'>;
  logger: Pick<Logger, 'warn'>;
}) {
  return async function verifiedRepositoryName(fullName: string): Promise<string> {
    try {
      const repository = await github.getRepository(fullName);
      return repository.full_name;
    } catch (error) {
      if (error instanceof GitHubError && error.kind === 'not_found') throw domainErrors.notFound(REPOSITORY_NOT_FOUND);
      logger.warn({ err: error, repo: fullName }, 'repository check failed; room not created');
      throw domainErrors.unavailable(GITHUB_UNAVAILABLE);
    }
  };
}

export type RepositoryCheck = ReturnType<typeof createRepositoryCheck>;
