import type { ApiContext, ApiResult, Route } from '../api/context';
import { notFound, requiresAuthentication } from '../api/errors';
import { paginate } from '../api/paging';
import { DEMO_ACCOUNTS } from '../dataset/demo';
import type { Account, Repo } from '../dataset/index';
import { eventJson } from '../present/events';
import { repository } from '../present/repos';
import { accountDates, privateUser, publicUser } from '../present/users';

function signedIn(ctx: ApiContext): Account {
  if (!ctx.auth) throw requiresAuthentication();
  const account = ctx.dataset.account(ctx.auth.login);
  if (!account) throw notFound();
  return account;
}

function namedUser(ctx: ApiContext): Account {
  const account = ctx.dataset.account(ctx.params.username ?? '');
  if (!account) throw notFound('https://docs.github.com/rest/users/users#get-a-user');
  return account;
}

function hasScope(ctx: ApiContext, ...accepted: string[]): boolean {
  return ctx.auth?.scopes.some((s) => accepted.includes(s)) ?? false;
}

const REPO_SORTS: Record<string, (r: Repo) => number | string> = {
  created: (r) => Date.parse(r.created_at),
  updated: (r) => Date.parse(r.updated_at),
  pushed: (r) => Date.parse(r.pushed_at),
  full_name: (r) => r.full_name.toLowerCase(),
};

function listRepos(ctx: ApiContext): ApiResult {
  const account = namedUser(ctx);
  const sort = ctx.query.get('sort') ?? 'full_name';
  const key = REPO_SORTS[sort] ?? (REPO_SORTS.full_name as (r: Repo) => number | string);
  // GitHub's default direction: ascending for full_name, descending otherwise.
  const dirParam = ctx.query.get('direction');
  const dir = dirParam === 'asc' ? 1 : dirParam === 'desc' ? -1 : sort === 'full_name' || !REPO_SORTS[sort] ? 1 : -1;
  const type = ctx.query.get('type') ?? 'owner';
  const repos =
    type === 'member'
      ? []
      : ctx.dataset.reposOf(account.login).filter((r) => r.quirk !== 'dmca' && r.quirk !== 'blocked');
  const sorted = repos.slice().sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir || a.id - b.id;
  });
  const page = paginate(ctx, sorted);
  return { status: 200, body: page.items.map((r) => repository(r, ctx.urls, ctx.dataset)), headers: page.headers };
}

interface EmailEntry {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

/**
 * GET /user/emails. A demo account has a primary address at example.com (verified, except for
 * newcomer-demo, whose two-day-old account has not confirmed it yet), an unverified secondary
 * one and GitHub's noreply address, listed primary last: a client must pick by the flags.
 */
function emailsOf(account: Account): EmailEntry[] {
  const noreply = `${account.id}+${account.login}@users.noreply.github.com`;
  const demo = DEMO_ACCOUNTS.find((a) => a.login === account.login);
  if (demo) {
    return [
      { email: `${account.login}@unverified.example.com`, primary: false, verified: false, visibility: null },
      { email: noreply, primary: false, verified: true, visibility: null },
      {
        email: demo.email ?? `${account.login}@example.com`,
        primary: true,
        verified: demo.primaryEmailUnverified !== true,
        visibility: demo.email ? 'public' : 'private',
      },
    ];
  }
  return [
    { email: account.email ?? noreply, primary: true, verified: true, visibility: account.email ? 'public' : null },
    ...(account.email ? [{ email: noreply, primary: false, verified: true, visibility: null }] : []),
  ];
}

export const userRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/user',
    resource: 'core',
    handler: (ctx) => {
      const account = signedIn(ctx);
      return {
        status: 200,
        body: privateUser(account, ctx.urls, ctx.dataset, ctx.nowMs),
        lastModified: accountDates(account, ctx.nowMs).updated_at,
      };
    },
  },
  {
    method: 'GET',
    pattern: '/user/emails',
    resource: 'core',
    handler: (ctx) => {
      const account = signedIn(ctx);
      if (!hasScope(ctx, 'user', 'user:email'))
        throw notFound('https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user');
      return { status: 200, body: emailsOf(account), headers: { 'x-accepted-oauth-scopes': 'user, user:email' } };
    },
  },
  {
    method: 'GET',
    pattern: '/users/:username',
    resource: 'core',
    handler: (ctx) => {
      const account = namedUser(ctx);
      return {
        status: 200,
        body: publicUser(account, ctx.urls, ctx.dataset, ctx.nowMs),
        lastModified: accountDates(account, ctx.nowMs).updated_at,
      };
    },
  },
  { method: 'GET', pattern: '/users/:username/repos', resource: 'core', handler: listRepos },
  {
    method: 'GET',
    pattern: '/users/:username/events/public',
    resource: 'core',
    handler: (ctx) => {
      const account = namedUser(ctx);
      const page = paginate(ctx, ctx.dataset.events(account.login, ctx.nowMs));
      return {
        status: 200,
        body: page.items.map((e) => eventJson(e, account, ctx.urls, ctx.dataset)),
        headers: { ...page.headers, 'x-poll-interval': String(ctx.pollIntervalSeconds) },
      };
    },
  },
];
