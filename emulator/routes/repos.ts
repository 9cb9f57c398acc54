import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError, notFound } from '../api/errors';
import { paginate } from '../api/paging';
import { permissionsOf, repoAccessKey } from '../dataset/access';
import type { Issue, Repo } from '../dataset/index';
import { currentIssue, issueJson, pullJson } from '../present/issues';
import { issueStateKey } from '../state';
import { releaseJson } from '../present/releases';
import { fullRepository } from '../present/repos';
import { simpleUser } from '../present/users';

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
function resolveRepo(ctx: ApiContext, suffix: string): Repo {
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

function getRepo(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '');
  const body = fullRepository(repo, ctx.urls, ctx.dataset);
  // Read with a user's token, GitHub adds that user's access to the repository.
  const login = ctx.auth?.login;
  if (login === undefined) return { status: 200, body, lastModified: repo.updated_at };
  const owns = repo.ownerLogin.toLowerCase() === login.toLowerCase();
  const role = owns ? 'admin' : (ctx.state.repoAccess.get(repoAccessKey(login, repo.full_name)) ?? null);
  return { status: 200, body: { ...body, permissions: permissionsOf(role) }, lastModified: repo.updated_at };
}

function listContributors(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '/contributors');
  const list = ctx.dataset.contributors(repo);
  // An empty repository has no contributors endpoint content at all: 204 and no body.
  if (list.length === 0) return { status: 204 };
  const page = paginate(ctx, list);
  const body = page.items.map((c) => {
    const account = ctx.dataset.account(c.login);
    if (!account) throw new Error(`dataset has no account ${c.login}`);
    return { ...simpleUser(account, ctx.urls), contributions: c.contributions };
  });
  return { status: 200, body, headers: page.headers };
}

function listReleases(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '/releases');
  const page = paginate(ctx, ctx.dataset.releases(repo));
  return {
    status: 200,
    body: page.items.map((r) => releaseJson(r, repo, ctx.urls, ctx.dataset)),
    headers: page.headers,
  };
}

const ISSUE_SORTS: Record<string, (i: Issue) => number> = {
  created: (i) => Date.parse(i.created_at),
  updated: (i) => Date.parse(i.updated_at),
  comments: (i) => i.comments,
};

/** The issues list: pull requests included (with a `pull_request` key); every listed label must match. */
function listIssues(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '/issues');
  const state = ctx.query.get('state') ?? 'open';
  const labels = (ctx.query.get('labels') ?? '')
    .split(',')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);
  const creator = ctx.query.get('creator')?.toLowerCase();
  const since = ctx.query.get('since');
  const sinceMs = since ? Date.parse(since) : NaN;
  const key = ISSUE_SORTS[ctx.query.get('sort') ?? 'created'] ?? (ISSUE_SORTS.created as (i: Issue) => number);
  const dir = ctx.query.get('direction') === 'asc' ? 1 : -1;
  const items = ctx.dataset
    .issues(repo)
    .map((i) => currentIssue(i, ctx.state.issueStates.get(issueStateKey(repo.full_name, i.number))).issue)
    .filter((i) => state === 'all' || i.state === state)
    .filter((i) => labels.every((name) => i.labels.some((l) => l.name.toLowerCase() === name)))
    .filter((i) => !creator || i.userLogin.toLowerCase() === creator)
    .filter((i) => Number.isNaN(sinceMs) || Date.parse(i.updated_at) >= sinceMs)
    .sort((a, b) => (key(a) - key(b)) * dir || b.number - a.number);
  const page = paginate(ctx, items);
  return {
    status: 200,
    body: page.items.map((i) => {
      const { pull } = currentIssue(i, ctx.state.issueStates.get(issueStateKey(repo.full_name, i.number)));
      return issueJson(i, repo, ctx.urls, ctx.dataset, pull);
    }),
    headers: page.headers,
  };
}

/** One issue or pull request of a repository, by number, as it is now (see the control API). */
function findItem(ctx: ApiContext, suffix: 'issues' | 'pulls') {
  const number = ctx.params.number ?? '';
  const repo = resolveRepo(ctx, `/${suffix}/${number}`);
  const item = /^[1-9][0-9]{0,9}$/.test(number)
    ? ctx.dataset.issues(repo).find((i) => i.number === Number(number))
    : undefined;
  if (!item)
    throw notFound(
      `https://docs.github.com/rest/${suffix === 'pulls' ? 'pulls/pulls#get-a-pull-request' : 'issues/issues#get-an-issue'}`,
    );
  return { repo, ...currentIssue(item, ctx.state.issueStates.get(issueStateKey(repo.full_name, item.number))) };
}

/** GET /repos/{o}/{r}/issues/{n}: issues and pull requests alike (a pull request has `pull_request`). */
function getIssue(ctx: ApiContext): ApiResult {
  const { repo, issue, pull } = findItem(ctx, 'issues');
  return { status: 200, body: issueJson(issue, repo, ctx.urls, ctx.dataset, pull), lastModified: issue.updated_at };
}

/** GET /repos/{o}/{r}/pulls/{n}: pull requests only (an issue's number answers 404, like GitHub). */
function getPull(ctx: ApiContext): ApiResult {
  const { repo, issue, pull } = findItem(ctx, 'pulls');
  if (!issue.pull) throw notFound('https://docs.github.com/rest/pulls/pulls#get-a-pull-request');
  return { status: 200, body: pullJson(issue, repo, ctx.urls, ctx.dataset, pull), lastModified: issue.updated_at };
}

const subRoutes: [string, (ctx: ApiContext) => ApiResult][] = [
  ['', getRepo],
  ['/contributors', listContributors],
  ['/releases', listReleases],
  ['/issues', listIssues],
  ['/issues/:number', getIssue],
  ['/pulls/:number', getPull],
];

export const repoRoutes: Route[] = subRoutes.flatMap(([suffix, handler]) => [
  { method: 'GET', pattern: `/repos/:owner/:repo${suffix}`, resource: 'core' as const, handler },
  { method: 'GET', pattern: `/repositories/:id${suffix}`, resource: 'core' as const, handler },
]);
