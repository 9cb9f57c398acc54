import type { GoodFirstIssuesResponse, RepositoryDetailsDto } from '../../../shared/api/repositories';
import { ROOM_CONTRIBUTORS_LIMIT, ROOM_RELEASES_LIMIT } from '../../../shared/limits';
import type { Infrastructure } from '../../context';
import { GitHubError, type ReadOptions } from '../../github/github-services';
import { presentIssue, presentRepositoryDetails } from './repository.presenter';
import type { UpstreamProblem } from '../../../shared/api/discovery';

type Deps = Pick<Infrastructure, 'github' | 'logger'>;

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
    async details(fullName: string, read: ReadOptions = {}): Promise<RepositoryDetailsDto> {
      let repo;
      try {
        repo = await api.getRepository(fullName, read);
      } catch (error) {
        if (error instanceof GitHubError && error.kind === 'not_found') throw new RepositoryLookupError('not_found');
        if (refusedForQuota(error, read)) throw error;
        logger.warn({ err: error, repo: fullName }, 'repository lookup failed');
        throw new RepositoryLookupError('unavailable');
      }
      // A renamed repository answers under its new name: read its lists there.
      const name = repo.full_name;
      const [contributors, releases] = await Promise.all([
        api.listContributors(name, ROOM_CONTRIBUTORS_LIMIT, read).catch((error: unknown) => {
          logger.warn({ err: error, repo: name }, 'contributors lookup failed; showing none');
          return [];
        }),
        api.listReleases(name, ROOM_RELEASES_LIMIT, read).catch((error: unknown) => {
          logger.warn({ err: error, repo: name }, 'releases lookup failed; showing none');
          return [];
        }),
      ]);
      return presentRepositoryDetails(repo, contributors, releases);
    },

    /** Open 'good first issue' items without pull requests; any failure gives an empty list (docs/PRODUCT.md §8). */
    async goodFirstIssues(
      fullName: string,
      limit: number,
      read: ReadOptions = {},
    ): Promise<GoodFirstIssuesResponse & { complete: boolean }> {
      try {
        const issues = await api.listGoodFirstIssues(fullName, limit, read);
        return {
          issues: issues
            .filter((issue) => !issue.pull_request)
            .slice(0, limit)
            .map(presentIssue),
          complete: true,
        };
      } catch (error) {
        if (refusedForQuota(error, read)) throw error;
        const notFound = error instanceof GitHubError && error.kind === 'not_found';
        logger[notFound ? 'info' : 'warn'](
          { err: error, repo: fullName },
          'good first issues lookup failed; answering none',
        );
        const upstream_problem: UpstreamProblem | null = notFound
          ? null
          : error instanceof GitHubError && error.kind === 'rate_limited'
            ? { kind: 'rate_limited', reset_at: error.resetAt?.toISOString() ?? null }
            : { kind: 'unavailable' };
        return { issues: [], complete: notFound, upstream_problem };
      }
    },
  };
}

/** A visitor's lookup refused for quota answers "try again later" rather than a silent fallback. */
function refusedForQuota(error: unknown, read: ReadOptions): boolean {
  return read.visitor === true && error instanceof GitHubError && error.kind === 'rate_limited';
}

export type RepositoryDetailsService = ReturnType<typeof createRepositoryDetailsService>;
