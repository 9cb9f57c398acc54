import type { ApiContext } from '../api/context';
import { ApiError, notFound } from '../api/errors';
import type { Repo } from '../dataset/index';

const BLOCKED_AT = '2024-03-18T16:02:11Z';

/** Repository blocks: the body GitHub sends for a DMCA takedown (451) and for blocked access (403). */
function assertAccessible(repo: Repo): void {
  if (repo.quirk === 'dmca') {
    throw new ApiError(451, {
      message: 'Repository access blocked',
      block: {
        reason: 'dmca',
        created_at: BLOCKED_AT,
        html_url: 'https://github.com/github/dmca/blob/master/2024/03/2024-03-18-reporooms-quirks.md',
      },
    });
  }
  if (repo.quirk === 'blocked') {
    throw new ApiError(403, {
      message: 'Repository access blocked',
      block: { reason: 'tos', created_at: BLOCKED_AT, html_url: null },
      documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
    });
  }
}

/**
 * Resolves the repository of /repos/{owner}/{repo}/... or /repositories/{id}/... . A former name
 * answers 301 to /repositories/{id} with the same sub-path and query, like GitHub after a rename.
 */
export function resolveRepo(ctx: ApiContext, suffix: string): Repo {
  const { params, dataset } = ctx;
  if (params.id !== undefined) {
    const repo = /^\d+$/.test(params.id) ? dataset.repoById(Number(params.id)) : undefined;
    if (!repo) throw notFound();
    assertAccessible(repo);
    return repo;
  }
  const found = dataset.lookupRepo(params.owner ?? '', params.repo ?? '');
  if (found.kind === 'missing') throw notFound('https://docs.github.com/rest/repos/repos#get-a-repository');
  if (found.kind === 'moved') {
    const qs = ctx.query.toString();
    const location = `${ctx.urls.api}/repositories/${found.repo.id}${suffix}${qs ? `?${qs}` : ''}`;
    throw new ApiError(
      301,
      { message: 'Moved Permanently', url: location, documentation_url: 'https://docs.github.com/v3/#http-redirects' },
      { location },
    );
  }
  assertAccessible(found.repo);
  return found.repo;
}
