import { issuesOf } from '../activity/views';
import type { ApiContext, ApiResult } from '../api/context';
import { validationFailed } from '../api/errors';
import type { Issue, Repo } from '../dataset/index';
import { issueJson } from '../present/issues';
import { direction, requireQ, searchPage } from './common';
import { parseQuery, type Qualifier } from './query';
import { dateRange, numberRange } from './ranges';

const KEYS = new Set([
  'repo',
  'user',
  'org',
  'label',
  'is',
  'type',
  'state',
  'in',
  'author',
  'no',
  'created',
  'updated',
  'closed',
  'comments',
  'language',
]);

type Item = { issue: Issue; repo: Repo };
type Filter = (item: Item) => boolean;

function invalid(q: Qualifier): never {
  throw validationFailed('invalid', `"${q.value}" is not a recognized ${q.key} qualifier value.`);
}

const CANNOT_SEARCH =
  'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.';

function filterFor(q: Qualifier, ctx: ApiContext, scope: Repo[][]): Filter | null {
  const v = q.value.toLowerCase();
  if (!q.value) invalid(q);
  switch (q.key) {
    case 'repo': {
      const repo = ctx.dataset.repoByFullName(v);
      if (!repo || repo.quirk === 'dmca' || repo.quirk === 'blocked') throw validationFailed('invalid', CANNOT_SEARCH);
      scope.push([repo]);
      return null;
    }
    case 'user':
    case 'org': {
      if (!ctx.dataset.account(v)) throw validationFailed('invalid', CANNOT_SEARCH);
      scope.push(ctx.dataset.reposOf(v));
      return null;
    }
    case 'label': {
      // label:a,b means either label; repeated label: qualifiers must all match.
      const names = v.split(',').map((s) => s.trim());
      return ({ issue }) => issue.labels.some((l) => names.includes(l.name.toLowerCase()));
    }
    case 'is':
    case 'type':
    case 'state':
      if (v === 'issue') return ({ issue }) => !issue.pull;
      if (v === 'pr' || v === 'pull-request') return ({ issue }) => issue.pull;
      if (v === 'open' || v === 'closed') return ({ issue }) => issue.state === v;
      if (q.key === 'is' && (v === 'public' || v === 'unlocked')) return () => true;
      if (q.key === 'is' && v === 'merged') return ({ issue }) => issue.pull && issue.state === 'closed';
      if (q.key === 'is' && (v === 'private' || v === 'locked' || v === 'draft')) return () => false;
      return invalid(q);
    case 'author':
      return ({ issue }) => issue.userLogin.toLowerCase() === v;
    case 'no':
      if (v === 'label') return ({ issue }) => issue.labels.length === 0;
      if (v === 'assignee' || v === 'milestone' || v === 'project') return () => true;
      return invalid(q);
    case 'language':
      return ({ repo }) => (repo.language ?? '').toLowerCase() === v;
    case 'comments': {
      const p = numberRange(q.value) ?? invalid(q);
      return ({ issue }) => p(issue.comments);
    }
    case 'created': {
      const p = dateRange(q.value) ?? invalid(q);
      return ({ issue }) => p(Date.parse(issue.created_at));
    }
    case 'updated': {
      const p = dateRange(q.value) ?? invalid(q);
      return ({ issue }) => p(Date.parse(issue.updated_at));
    }
    case 'closed': {
      const p = dateRange(q.value) ?? invalid(q);
      return ({ issue }) => issue.closed_at !== null && p(Date.parse(issue.closed_at));
    }
    case 'in':
      return null;
    default:
      return null;
  }
}

export function searchIssues(ctx: ApiContext): ApiResult {
  const parsed = parseQuery(requireQ(ctx), KEYS);
  const filters: Filter[] = [];
  const scope: Repo[][] = [];
  let inTitle = true;
  let inBody = true;
  for (const q of parsed.qualifiers) {
    if (q.key === 'in') {
      const parts = q.value.toLowerCase().split(',');
      inTitle = parts.includes('title');
      inBody = parts.includes('body');
      continue;
    }
    const f = filterFor(q, ctx, scope);
    if (f) filters.push(q.negated ? (i) => !f(i) : f);
  }
  for (const term of parsed.terms) {
    filters.push(
      ({ issue }) =>
        (inTitle && issue.title.toLowerCase().includes(term)) || (inBody && issue.body.toLowerCase().includes(term)),
    );
  }
  const repos = scope.length > 0 ? [...new Set(scope.flat())] : ctx.dataset.repos.filter((r) => r.quirk === null);
  const items: Item[] = [];
  for (const repo of repos) {
    for (const issue of issuesOf(ctx.dataset, ctx.state, repo)) {
      const item = { issue, repo };
      if (filters.every((f) => f(item))) items.push(item);
    }
  }
  const sort = ctx.query.get('sort');
  const dir = direction(ctx);
  const key = (x: Item): number =>
    sort === 'comments'
      ? x.issue.comments
      : sort === 'updated'
        ? Date.parse(x.issue.updated_at)
        : Date.parse(x.issue.created_at);
  // Best match without text ranks newest first.
  items.sort((a, b) => (sort ? (key(a) - key(b)) * dir : key(b) - key(a)) || b.issue.id - a.issue.id);
  return searchPage(ctx, items, (x) => ({ ...issueJson(x.issue, x.repo, ctx.urls, ctx.dataset), score: 1 }), {
    search_type: 'lexical',
  });
}
