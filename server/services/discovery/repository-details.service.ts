import type { GoodFirstIssuesResponse, RepositoryDetailsDto } from '../../../shared/api/repositories';
import { ROOM_CONTRIBUTORS_LIMIT, ROOM_RELEASES_LIMIT } from '../../../shared/limits';
import type { AppContext } from '../../context';
import { GitHubError } from '../../github/github-services';
import { presentIssue, presentRepositoryDetails } from './repository.presenter';

type Deps = Pick<AppContext, 'github' | 'logger'>;

/** Why details could not be produced. */
export class RepositoryLookupError extends Error {
  constructor(readonly kind: 'not_found' | 'unavailable') {
    super(kind === 'not_found' ? 'Repository not found' : 'GitHub is unavailable right now, please retry');
  }
}

export function createRepositoryDetailsService(deps: Deps) {
  const { api } = deps.github;
  const { logger } = deps;

  return {
    /** The repository plus contributors and releases; those two degrade to [] on failure. */
    async details(fullName: string): Promise<RepositoryDetailsDto> {
      let repo;
      try {
        repo = await api.getRepository(fullName);
      } catch (error) {
        if (error instanceof GitHubError && error.kind === 'not_found') throw new RepositoryLookupError('not_found');
        logger.warn({ err: error, repo: fullName }, 'repository lookup failed');
        throw new RepositoryLookupError('unavailable');
      }
      // A renamed repository answers under its new name: read its lists there.
      const name = repo.full_name;
      const [contributors, releases] = await Promise.all([
        api.listContributors(name, ROOM_CONTRIBUTORS_LIMIT).catch((error: unknown) => {
          logger.warn({ err: error, repo: name }, 'contributors lookup failed; showing none');
          return [];
        }),
        api.listReleases(name, ROOM_RELEASES_LIMIT).catch((error: unknown) => {
          logger.warn({ err: error, repo: name }, 'releases lookup failed; showing none');
          return [];
        }),
      ]);
      return presentRepositoryDetails(repo, contributors, releases);
    },

    /** Open 'good first issue' items without pull requests; any failure gives an empty list (SPEC §8). */
    async goodFirstIssues(fullName: string, limit: number): Promise<GoodFirstIssuesResponse & { complete: boolean }> {
      try {
        const issues = await api.listGoodFirstIssues(fullName, limit);
        return {
          issues: issues
            .filter((issue) => !issue.pull_request)
            .slice(0, limit)
            .map(presentIssue),
          complete: true,
        };
      } catch (error) {
        const notFound = error instanceof GitHubError && error.kind === 'not_found';
        logger[notFound ? 'info' : 'warn'](
          { err: error, repo: fullName },
          'good first issues lookup failed; answering none',
        );
        return { issues: [], complete: notFound };
      }
    },
  };
}

export type RepositoryDetailsService = ReturnType<typeof createRepositoryDetailsService>;
