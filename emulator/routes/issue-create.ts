import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError, DOCS, requiresAuthentication } from '../api/errors';
import { openIssue } from '../activity/produce';
import { canPush, hasIssues, roleOf } from '../activity/views';
import { MAX_BODY, MAX_TITLE } from '../control/activity';
import { repoLabels } from '../dataset/issues';
import type { Label, Repo } from '../dataset/index';
import { hashString } from '../dataset/prng';
import { issueJson } from '../present/issues';
import { resolveRepo } from './repo-lookup';

const CREATE_DOC = `${DOCS}/issues/issues#create-an-issue`;
/** Scopes that let an OAuth token write to a public repository. */
const ACCEPTED_SCOPES = ['public_repo', 'repo'];

function invalid(message: string): ApiError {
  return new ApiError(422, { message: `Invalid request.\n\n${message}`, documentation_url: CREATE_DOC, status: '422' });
}

function validationFailed(field: string, code: string, message?: string): ApiError {
  return new ApiError(422, {
    message: 'Validation Failed',
    errors: [{ resource: 'Issue', code, field, ...(message ? { message } : {}) }],
    documentation_url: CREATE_DOC,
    status: '422',
  });
}

async function readJson(ctx: ApiContext): Promise<Record<string, unknown>> {
  const text = await ctx.readBody();
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, { message: 'Problems parsing JSON', documentation_url: CREATE_DOC, status: '400' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid(`${JSON.stringify(parsed)} is not an object.`);
  return parsed as Record<string, unknown>;
}

/** The labels to set: existing ones by name, new names become new grey labels (GitHub creates them). */
function labelsFor(repo: Repo, raw: unknown): Label[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalid(`For 'properties/labels', ${JSON.stringify(raw)} is not an array.`);
  const known = repoLabels(repo);
  const labels: Label[] = [];
  for (const item of raw) {
    const name =
      typeof item === 'string'
        ? item
        : item && typeof item === 'object'
          ? (item as { name?: unknown }).name
          : undefined;
    if (typeof name !== 'string' || name.trim() === '') throw validationFailed('labels', 'invalid');
    if (labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue;
    labels.push(
      known.find((l) => l.name.toLowerCase() === name.toLowerCase()) ?? {
        id: 1_000_000_000 + (hashString(`label:${repo.full_name.toLowerCase()}:${name}`) % 8_000_000_000),
        name,
        color: 'ededed',
        description: null,
        default: false,
      },
    );
  }
  return labels;
}

/**
 * POST /repos/{o}/{r}/issues, in GitHub's order of checks: a token (401), the repository (404,
 * 301, 451), the token's scope (403, X-Accepted-OAuth-Scopes says which), an archived repository
 * (403), issues switched off (410), then the body (400 for bad JSON, 422 for bad fields).
 * Labels are set only by people who can push, and silently dropped otherwise.
 */
async function createIssue(ctx: ApiContext): Promise<ApiResult> {
  if (!ctx.auth) throw requiresAuthentication(CREATE_DOC);
  const repo = resolveRepo(ctx, '/issues');
  const scopeHeaders = { 'x-accepted-oauth-scopes': ACCEPTED_SCOPES.join(', ') };
  if (!ctx.auth.scopes.some((s) => ACCEPTED_SCOPES.includes(s)))
    throw new ApiError(
      403,
      { message: 'Resource not accessible by integration', documentation_url: CREATE_DOC, status: '403' },
      scopeHeaders,
    );
  if (repo.archived)
    throw new ApiError(
      403,
      { message: 'Repository was archived so is read-only.', documentation_url: CREATE_DOC, status: '403' },
      scopeHeaders,
    );
  if (!hasIssues(ctx.state, repo))
    throw new ApiError(
      410,
      { message: 'Issues are disabled for this repo', documentation_url: `${DOCS}/issues/issues`, status: '410' },
      scopeHeaders,
    );
  const body = await readJson(ctx);
  const rawTitle = body.title;
  if (rawTitle === undefined || rawTitle === null) throw invalid('"title" wasn\'t supplied.');
  if (typeof rawTitle !== 'string' && typeof rawTitle !== 'number')
    throw invalid(`For 'properties/title', ${JSON.stringify(rawTitle)} is not a string or integer.`);
  const title = String(rawTitle).trim();
  if (title === '') throw validationFailed('title', 'missing_field');
  if (title.length > MAX_TITLE)
    throw validationFailed('title', 'custom', `title is too long (maximum is ${MAX_TITLE} characters)`);
  const text = body.body ?? '';
  if (typeof text !== 'string') throw invalid(`For 'properties/body', ${JSON.stringify(text)} is not a string.`);
  if (text.length > MAX_BODY)
    throw validationFailed('body', 'custom', `body is too long (maximum is ${MAX_BODY} characters)`);
  const labels = labelsFor(repo, body.labels);
  const author = ctx.dataset.account(ctx.auth.login);
  if (!author) throw new ApiError(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
  const mayLabel = canPush(roleOf(ctx.state, repo, author.login));
  const { issue } = openIssue(
    { dataset: ctx.dataset, state: ctx.state, urls: ctx.urls, nowMs: ctx.nowMs },
    repo,
    author,
    {
      title,
      body: text,
      labels: mayLabel ? labels : [],
    },
  );
  const location = `${ctx.urls.repo(repo.full_name)}/issues/${issue.number}`;
  return {
    status: 201,
    body: issueJson(issue, repo, ctx.urls, ctx.dataset),
    headers: { ...scopeHeaders, location },
  };
}

export const issueCreateRoutes: Route[] = [
  { method: 'POST', pattern: '/repos/:owner/:repo/issues', resource: 'core', handler: createIssue },
  { method: 'POST', pattern: '/repositories/:id/issues', resource: 'core', handler: createIssue },
];
