import type { ApiContext, ApiResult, Route } from '../api/context';
import { notFound } from '../api/errors';
import { paginate } from '../api/paging';
import { permissionsOf, repoAccessKey } from '../dataset/access';
import type { Issue } from '../dataset/index';
import { currentIssue, issueJson, pullJson } from '../present/issues';
import { issueStateKey } from '../state';
import { releaseJson } from '../present/releases';
import { fullRepository } from '../present/repos';
import { simpleUser } from '../present/users';
import { resolveRepo } from './repo-lookup';
import { issuesOf, liveFacts, releasesOf } from '../activity/views';

function getRepo(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '');
  const body = fullRepository(repo, ctx.urls, ctx.dataset, liveFacts(ctx.dataset, ctx.state, repo));
  const lastModified = String(body.updated_at);
  // Read with a user's token, GitHub adds that user's access to the repository.
  const login = ctx.auth?.login;
  if (login === undefined) return { status: 200, body, lastModified };
  const owns = repo.ownerLogin.toLowerCase() === login.toLowerCase();
  const role = owns ? 'admin' : (ctx.state.repoAccess.get(repoAccessKey(login, repo.full_name)) ?? null);
  return { status: 200, body: { ...body, permissions: permissionsOf(role) }, lastModified };
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
  const page = paginate(ctx, releasesOf(ctx.dataset, ctx.state, repo));
  return {
    status: 200,
    body: page.items.map((r) => releaseJson(r, repo, ctx.urls, ctx.dataset)),
    headers: page.headers,
  };
}

/** GET /repos/{o}/{r}/releases/latest: the newest release that is neither a draft nor a prerelease. */
function latestRelease(ctx: ApiContext): ApiResult {
  const repo = resolveRepo(ctx, '/releases/latest');
  const latest = releasesOf(ctx.dataset, ctx.state, repo).find((r) => !r.draft && !r.prerelease);
  if (!latest) throw notFound('https://docs.github.com/rest/releases/releases#get-the-latest-release');
  return { status: 200, body: releaseJson(latest, repo, ctx.urls, ctx.dataset), lastModified: latest.published_at };
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
  const items = issuesOf(ctx.dataset, ctx.state, repo)
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
    ? issuesOf(ctx.dataset, ctx.state, repo).find((i) => i.number === Number(number))
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
  const mergedBy = ctx.state.activity.peek(repo.full_name)?.mergedBy.get(issue.number);
  const merger = mergedBy === undefined ? null : (ctx.dataset.account(mergedBy) ?? null);
  return {
    status: 200,
    body: pullJson(issue, repo, ctx.urls, ctx.dataset, pull, merger),
    lastModified: issue.updated_at,
  };
}

const subRoutes: [string, (ctx: ApiContext) => ApiResult][] = [
  ['', getRepo],
  ['/contributors', listContributors],
  ['/releases', listReleases],
  ['/releases/latest', latestRelease],
  ['/issues', listIssues],
  ['/issues/:number', getIssue],
  ['/pulls/:number', getPull],
];

export const repoRoutes: Route[] = subRoutes.flatMap(([suffix, handler]) => [
  { method: 'GET', pattern: `/repos/:owner/:repo${suffix}`, resource: 'core' as const, handler },
  { method: 'GET', pattern: `/repositories/:id${suffix}`, resource: 'core' as const, handler },
]);
