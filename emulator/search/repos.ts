import type { ApiContext, ApiResult } from '../api/context';
import { validationFailed } from '../api/errors';
import { GOOD_FIRST_ISSUE } from '../dataset/issues';
import type { Dataset, Repo } from '../dataset/index';
import { repository } from '../present/repos';
import { direction, requireQ, searchPage } from './common';
import { parseQuery, type Qualifier } from './query';
import { dateRange, numberRange, type Predicate } from './ranges';

const KEYS = new Set([
  'in',
  'user',
  'org',
  'repo',
  'language',
  'topic',
  'topics',
  'stars',
  'forks',
  'size',
  'created',
  'pushed',
  'updated',
  'fork',
  'archived',
  'is',
  'license',
  'mirror',
  'template',
  'good-first-issues',
  'help-wanted-issues',
]);

/** Linguist aliases people type in queries. */
const LANGUAGE_ALIASES: Record<string, string> = {
  cpp: 'c++',
  csharp: 'c#',
  golang: 'go',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  jupyter: 'jupyter notebook',
  ipynb: 'jupyter notebook',
  sh: 'shell',
  bash: 'shell',
  rb: 'ruby',
};

function normaliseLanguage(value: string): string {
  const v = value.toLowerCase().replace(/-/g, ' ').trim();
  return LANGUAGE_ALIASES[v] ?? v;
}

type Filter = (repo: Repo) => boolean;

function invalid(q: Qualifier): never {
  throw validationFailed('invalid', `"${q.value}" is not a recognized ${q.key} qualifier value.`);
}

function countLabelled(dataset: Dataset, repo: Repo, label: string): number {
  return dataset.issues(repo).filter((i) => i.state === 'open' && !i.pull && i.labels.some((l) => l.name === label))
    .length;
}

/** One qualifier → a predicate over repositories (422 for a malformed value or unknown repo/user). */
function qualifierFilter(q: Qualifier, dataset: Dataset): Filter | 'fork-setting' | null {
  const v = q.value.toLowerCase();
  const num = (pick: (r: Repo) => number): Filter => {
    const p = numberRange(q.value) ?? invalid(q);
    return (r) => p(pick(r));
  };
  const date = (pick: (r: Repo) => string): Filter => {
    const p: Predicate = dateRange(q.value) ?? invalid(q);
    return (r) => p(Date.parse(pick(r)));
  };
  if (!q.value) invalid(q);
  switch (q.key) {
    case 'stars':
      return num((r) => r.stargazers_count);
    case 'forks':
      return num((r) => r.forks_count);
    case 'size':
      return num((r) => r.size);
    case 'good-first-issues':
      return num((r) => countLabelled(dataset, r, GOOD_FIRST_ISSUE));
    case 'help-wanted-issues':
      return num((r) => countLabelled(dataset, r, 'help wanted'));
    case 'created':
      return date((r) => r.created_at);
    case 'pushed':
      return date((r) => r.pushed_at);
    case 'updated':
      return date((r) => r.updated_at);
    case 'language': {
      const lang = normaliseLanguage(q.value);
      return (r) => (r.language ?? '').toLowerCase() === lang;
    }
    case 'topic':
    case 'topics':
      if (q.key === 'topics') return num((r) => r.topics.length);
      return (r) => r.topics.includes(v);
    case 'license':
      return (r) => (r.license ?? '').toLowerCase() === v;
    case 'repo': {
      const repo = v.includes('/') ? dataset.repoByFullName(v) : undefined;
      if (!repo || repo.quirk === 'dmca' || repo.quirk === 'blocked') {
        throw validationFailed(
          'invalid',
          'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
        );
      }
      return (r) => r.id === repo.id;
    }
    case 'user':
    case 'org': {
      const account = dataset.account(q.value);
      if (!account || (q.key === 'org' && account.type !== 'Organization')) {
        throw validationFailed(
          'invalid',
          'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
        );
      }
      return (r) => r.ownerLogin.toLowerCase() === v;
    }
    case 'archived':
      if (v !== 'true' && v !== 'false') invalid(q);
      return (r) => r.archived === (v === 'true');
    case 'mirror':
      if (v !== 'true' && v !== 'false') invalid(q);
      return () => v === 'false';
    case 'template':
      if (v !== 'true' && v !== 'false') invalid(q);
      return () => v === 'false';
    case 'is':
      if (v === 'public') return () => true;
      if (v === 'private' || v === 'internal') return () => false;
      return invalid(q);
    case 'fork':
      if (v !== 'true' && v !== 'only' && v !== 'false') invalid(q);
      return 'fork-setting';
    default:
      return null;
  }
}

const FIELDS = ['name', 'description', 'topics'] as const;
type Field = (typeof FIELDS)[number];

/** Best-match relevance: name hits weigh most, then topics, then description; popularity breaks ties. */
function textScore(repo: Repo, terms: string[], fields: Set<Field>): number {
  if (terms.length === 0) return 1;
  const name = repo.name.toLowerCase();
  const full = repo.full_name.toLowerCase();
  const desc = (repo.description ?? '').toLowerCase();
  let score = 0;
  for (const term of terms) {
    let s = 0;
    if (fields.has('name')) {
      if (name === term || full === term) s += 60;
      else if (name.includes(term) || full.includes(term)) s += 25;
    }
    if (fields.has('topics') && repo.topics.some((t) => t === term || t.includes(term)))
      s += repo.topics.includes(term) ? 15 : 6;
    if (fields.has('description') && desc.includes(term)) s += 5;
    if (s === 0) return 0;
    score += s;
  }
  return score * (1 + Math.log10(repo.stargazers_count + 1) / 5);
}

export function searchRepositories(ctx: ApiContext): ApiResult {
  const { dataset } = ctx;
  const parsed = parseQuery(requireQ(ctx), KEYS);
  const filters: Filter[] = [];
  let forkMode: 'exclude' | 'include' | 'only' = 'exclude';
  let fields = new Set<Field>(FIELDS);
  const languages: Filter[] = [];
  const scopes: Filter[] = [];
  for (const q of parsed.qualifiers) {
    if (q.key === 'in') {
      const parts = q.value
        .toLowerCase()
        .split(',')
        .map((s) => s.trim());
      if (parts.some((p) => p !== 'readme' && !(FIELDS as readonly string[]).includes(p))) invalid(q);
      // READMEs are not part of the dataset, so in:readme alone matches no text.
      fields = new Set(parts.filter((p): p is Field => (FIELDS as readonly string[]).includes(p)));
      continue;
    }
    const f = qualifierFilter(q, dataset);
    if (f === 'fork-setting') {
      forkMode = q.value.toLowerCase() === 'only' ? 'only' : q.value.toLowerCase() === 'true' ? 'include' : 'exclude';
      continue;
    }
    if (!f) continue;
    // Several language: qualifiers widen the search (OR), and so do the scoping qualifiers repo:,
    // user: and org: among themselves; every other qualifier narrows it (AND).
    if (q.key === 'language' && !q.negated) languages.push(f);
    else if ((q.key === 'repo' || q.key === 'user' || q.key === 'org') && !q.negated) scopes.push(f);
    else filters.push(q.negated ? (r) => !f(r) : f);
  }
  if (languages.length > 0) filters.push((r) => languages.some((f) => f(r)));
  if (scopes.length > 0) filters.push((r) => scopes.some((f) => f(r)));
  if (forkMode === 'exclude') filters.push((r) => !r.fork);
  if (forkMode === 'only') filters.push((r) => r.fork);
  // Disabled (DMCA) and blocked repositories are not searchable.
  filters.push((r) => r.quirk !== 'dmca' && r.quirk !== 'blocked');

  const scored: { repo: Repo; score: number }[] = [];
  for (const repo of dataset.repos) {
    if (!filters.every((f) => f(repo))) continue;
    const score = textScore(repo, parsed.terms, fields);
    if (score > 0) scored.push({ repo, score: Math.round(score * 1000) / 1000 });
  }
  const dir = direction(ctx);
  const sort = ctx.query.get('sort');
  const key: ((x: { repo: Repo; score: number }) => number) | null =
    sort === 'stars'
      ? (x) => x.repo.stargazers_count
      : sort === 'forks'
        ? (x) => x.repo.forks_count
        : sort === 'help-wanted-issues'
          ? (x) => countLabelled(dataset, x.repo, 'help wanted')
          : sort === 'updated'
            ? (x) => Date.parse(x.repo.updated_at)
            : null;
  scored.sort((a, b) => {
    if (key) return (key(a) - key(b)) * dir || a.repo.id - b.repo.id;
    return b.score - a.score || b.repo.stargazers_count - a.repo.stargazers_count || a.repo.id - b.repo.id;
  });
  return searchPage(ctx, scored, (x) => ({ ...repository(x.repo, ctx.urls, dataset), score: x.score }));
}
