import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimits } from '../api/ratelimit';
import { REPO_ROLES, repoAccessKey, type RepoRole } from '../dataset/access';
import { issuesOf } from '../activity/views';
import type { Dataset } from '../dataset/index';
import { isoSeconds } from '../dataset/dates';
import { parseParams, readBody } from '../http/body';
import { sendJson } from '../http/send';
import { issueToken } from '../oauth/tokens';
import type { Urls } from '../present/urls';
import { issueStateKey, type EmulatorState, type IssueStateOverride } from '../state';
import { activityRepo, produceActivity } from './activity';

export interface ControlDeps {
  state: EmulatorState;
  dataset: Dataset;
  urls: Urls;
  now(): number;
}

const HELP = {
  'POST /__control/reset': 'Forget tokens, codes, rate-limit buckets, counters and switches.',
  'POST /__control/tokens':
    '{login, scopes?} → {access_token, login, id, scopes}: a token for a demo login, no browser needed.',
  'POST /__control/secondary-rate-limit':
    '{count?=1, retryAfter?=60}: the next `count` API requests answer 403 "secondary rate limit".',
  'DELETE /__control/secondary-rate-limit': 'Switch the secondary rate limit off.',
  'POST /__control/failures':
    '{pathPrefix, status?=503}: API paths (below /api/v3, or /graphql) starting with the prefix fail.',
  'DELETE /__control/failures': '{pathPrefix?}: clear one forced failure, or all.',
  'PUT /__control/rate-limits':
    '{coreAuthenticated?, coreAnonymous?, searchAuthenticated?, searchAnonymous?, graphql?}: change limits.',
  'GET /__control/counters': '{total, byPath}: API requests received (including 304s and errors).',
  'DELETE /__control/counters': 'Zero the counters.',
  'GET /__control/demo-logins': 'Logins of the demo accounts.',
  'GET /__control/repo-access': '[{login, repo, role}]: roles held on repositories one does not own.',
  'PUT /__control/repo-access':
    '{login, repo, role}: grant a role (admin, maintain, write, triage, read) on a dataset repository.',
  'DELETE /__control/repo-access': '{login, repo}: revoke it (the user keeps read access to a public repository).',
  'GET /__control/issue-state': '[{repo, number, state, at}]: issues and pull requests whose state was changed.',
  'PUT /__control/issue-state':
    '{repo, number, state}: set an issue (open, closed) or pull request (open, closed, merged, draft) of a dataset repository.',
  'POST /__control/activity':
    '{repo, type, actor, ...}: release {tag, name?, body?, prerelease?}, merge {number?, title?}, issue {title, body?}, push {commits, branch?} → 201 the event.',
  'PUT /__control/repo-features':
    "{repo, has_issues}: switch a repository's issues off (creating one answers 410) or on.",
  'PUT /__control/event-payloads':
    '{shape}: "full" (GitHub Enterprise Server, github.com before October 2025) or "trimmed" (github.com now).',
};

const ISSUE_STATES: readonly IssueStateOverride[] = ['open', 'closed', 'merged', 'draft'];

function listIssueStates(state: EmulatorState) {
  return [...state.issueStates].map(([key, change]) => {
    const at = key.lastIndexOf('#');
    return { repo: key.slice(0, at), number: Number(key.slice(at + 1)), state: change.state, at: change.at };
  });
}

function splitRepo(fullName: string): [string, string] {
  const [owner = '', repo = ''] = fullName.split('/');
  return [owner, repo];
}

function listRepoAccess(state: EmulatorState): { login: string; repo: string; role: RepoRole }[] {
  return [...state.repoAccess].map(([key, role]) => {
    const [login = '', repo = ''] = key.split(' ');
    return { login, repo, role };
  });
}

function num(v: string | undefined, fallback: number): number {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** Test switches under /__control/ (plain JSON, not part of GitHub's API). */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  deps: ControlDeps,
): Promise<void> {
  const { state } = deps;
  const method = req.method ?? 'GET';
  const route = `${method} ${path.replace(/\/$/, '')}`;
  const raw = method === 'GET' ? '' : await readBody(req);
  const body = parseParams(req.headers['content-type'] ?? 'application/json', raw);
  switch (route) {
    case 'POST /__control/activity': {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return sendJson(res, 422, { message: 'The body must be a JSON object: {repo, type, actor, ...}' });
      }
      const answer = produceActivity({ state, dataset: deps.dataset, urls: deps.urls, nowMs: deps.now() }, json);
      return sendJson(res, answer.status, answer.body);
    }
    case 'PUT /__control/repo-features': {
      const repo = activityRepo({ state, dataset: deps.dataset, urls: deps.urls, nowMs: deps.now() }, body.repo);
      if ('problem' in repo) return sendJson(res, 422, { message: repo.problem });
      if (body.has_issues !== 'true' && body.has_issues !== 'false')
        return sendJson(res, 422, { message: 'has_issues must be true or false' });
      state.activity.hasIssues.set(repo.ok.full_name.toLowerCase(), body.has_issues === 'true');
      return sendJson(res, 200, { repo: repo.ok.full_name, has_issues: body.has_issues === 'true' });
    }
    case 'PUT /__control/event-payloads':
      if (body.shape !== 'full' && body.shape !== 'trimmed')
        return sendJson(res, 422, { message: 'shape must be "full" or "trimmed"' });
      state.eventPayloads = body.shape;
      return sendJson(res, 200, { shape: state.eventPayloads });
    case 'GET /__control':
      return sendJson(res, 200, HELP);
    case 'POST /__control/reset':
      state.reset();
      return sendJson(res, 200, { ok: true });
    case 'POST /__control/tokens': {
      const account = deps.dataset.account(body.login ?? '');
      if (!account || !account.demo)
        return sendJson(res, 422, {
          message: `"${body.login ?? ''}" is not a demo login`,
          demoLogins: deps.dataset.demoLogins(),
        });
      const raw = body.scopes;
      const scopes =
        raw === undefined
          ? ['read:user', 'user:email']
          : raw.startsWith('[')
            ? (JSON.parse(raw) as string[])
            : raw.split(/[\s,]+/).filter(Boolean);
      const record = issueToken(state, account.login, scopes, body.clientId ?? null);
      return sendJson(res, 201, {
        access_token: record.token,
        login: account.login,
        id: account.id,
        scopes: record.scopes,
      });
    }
    case 'POST /__control/secondary-rate-limit':
      state.secondaryRemaining = num(body.count, 1);
      state.secondaryRetryAfter = num(body.retryAfter, 60);
      return sendJson(res, 200, { remaining: state.secondaryRemaining, retryAfter: state.secondaryRetryAfter });
    case 'DELETE /__control/secondary-rate-limit':
      state.secondaryRemaining = 0;
      return sendJson(res, 200, { remaining: 0 });
    case 'POST /__control/failures': {
      const prefix = body.pathPrefix;
      if (!prefix) return sendJson(res, 422, { message: 'pathPrefix is required' });
      // Accept prefixes written with or without the /api/v3 part.
      const normalised = prefix.startsWith('/api/v3')
        ? prefix.slice('/api/v3'.length) || '/'
        : prefix.replace(/^\/api\/graphql/, '/graphql');
      state.failures = [
        ...state.failures.filter((f) => f.pathPrefix !== normalised),
        { pathPrefix: normalised, status: num(body.status, 503) || 503 },
      ];
      return sendJson(res, 200, { failures: state.failures });
    }
    case 'DELETE /__control/failures':
      state.failures = body.pathPrefix
        ? state.failures.filter((f) => f.pathPrefix !== body.pathPrefix && `/api/v3${f.pathPrefix}` !== body.pathPrefix)
        : [];
      return sendJson(res, 200, { failures: state.failures });
    case 'PUT /__control/rate-limits': {
      const limits: RateLimits = { ...state.limiter.limits };
      for (const key of Object.keys(limits) as (keyof RateLimits)[]) limits[key] = num(body[key], limits[key]);
      state.limiter.limits = limits;
      state.limiter.clear();
      return sendJson(res, 200, limits);
    }
    case 'GET /__control/counters':
      return sendJson(res, 200, { total: state.requestCount, byPath: Object.fromEntries(state.requestsByPath) });
    case 'DELETE /__control/counters':
      state.resetCounters();
      return sendJson(res, 200, { total: 0, byPath: {} });
    case 'GET /__control/demo-logins':
      return sendJson(res, 200, deps.dataset.demoLogins());
    case 'GET /__control/repo-access':
      return sendJson(res, 200, listRepoAccess(state));
    case 'PUT /__control/repo-access':
    case 'DELETE /__control/repo-access': {
      const account = deps.dataset.account(body.login ?? '');
      const found = deps.dataset.lookupRepo(...splitRepo(body.repo ?? ''));
      if (!account) return sendJson(res, 422, { message: `"${body.login ?? ''}" is not a login of the dataset` });
      if (found.kind !== 'found') return sendJson(res, 422, { message: `"${body.repo ?? ''}" is not a repository` });
      const key = repoAccessKey(account.login, found.repo.full_name);
      if (method === 'DELETE') {
        state.repoAccess.delete(key);
        return sendJson(res, 200, listRepoAccess(state));
      }
      const role = body.role as RepoRole | undefined;
      if (!role || !REPO_ROLES.includes(role))
        return sendJson(res, 422, { message: `role must be one of ${REPO_ROLES.join(', ')}` });
      state.repoAccess.set(key, role);
      return sendJson(res, 200, listRepoAccess(state));
    }
    case 'GET /__control/issue-state':
      return sendJson(res, 200, listIssueStates(state));
    case 'PUT /__control/issue-state': {
      const found = deps.dataset.lookupRepo(...splitRepo(body.repo ?? ''));
      if (found.kind !== 'found') return sendJson(res, 422, { message: `"${body.repo ?? ''}" is not a repository` });
      const number = Number(body.number);
      const item = issuesOf(deps.dataset, state, found.repo).find((i) => i.number === number);
      if (!item)
        return sendJson(res, 422, {
          message: `${found.repo.full_name} has no issue or pull request ${body.number ?? ''}`,
        });
      const wanted = body.state as IssueStateOverride | undefined;
      const allowed = item.pull ? ISSUE_STATES : ISSUE_STATES.filter((s) => s === 'open' || s === 'closed');
      if (!wanted || !allowed.includes(wanted))
        return sendJson(res, 422, { message: `state must be one of ${allowed.join(', ')}` });
      state.issueStates.set(issueStateKey(found.repo.full_name, item.number), {
        state: wanted,
        at: isoSeconds(Math.max(deps.now(), Date.parse(item.updated_at) + 1000)),
      });
      return sendJson(res, 200, listIssueStates(state));
    }
    default:
      return sendJson(res, 404, { message: 'Unknown control endpoint', endpoints: HELP });
  }
}
