import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/body';
import { send, type HeaderMap } from '../http/send';
import type { Dataset } from '../dataset/index';
import { httpDate } from '../dataset/dates';
import type { Urls } from '../present/urls';
import type { EmulatorState, TokenRecord } from '../state';
import { authenticate } from './auth';
import type { ApiContext, ApiResult } from './context';
import { ApiError, DOCS, notFound } from './errors';
import { rateLimitHeaders, type BucketView } from './ratelimit';
import type { Router } from './router';

export const SUPPORTED_API_VERSIONS = ['2022-11-28', '2026-03-10'];
const DEFAULT_API_VERSION = '2022-11-28';

export interface ApiDeps {
  dataset: Dataset;
  state: EmulatorState;
  urls: Urls;
  router: Router;
  now(): number;
  pollIntervalSeconds: number;
  /** See EmulatorOptions.bucketScope. */
  bucketScope?: (req: IncomingMessage) => string;
}

function requestId(): string {
  const h = randomBytes(10).toString('hex').toUpperCase();
  return `${h.slice(0, 4)}:${h.slice(4, 8)}:${h.slice(8, 14)}:${h.slice(14, 20)}:${Date.now().toString(16).toUpperCase().slice(-8)}`;
}

function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('hex')}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

function rateLimitedError(
  view: BucketView,
  auth: TokenRecord | null,
  userId: number | undefined,
  ip: string,
): ApiError {
  const who = auth
    ? `user ID ${userId ?? 0}.`
    : `${ip}. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)`;
  return new ApiError(
    403,
    {
      message: `API rate limit exceeded for ${who}`,
      documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
    },
    rateLimitHeaders(view),
  );
}

/**
 * Runs one REST or GraphQL request through GitHub's protocol rules, in GitHub's order: request
 * checks (User-Agent, API version), test switches, credentials, primary rate limit, the handler,
 * then conditional-request handling (a 304 spends nothing) and the standard response headers.
 */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  deps: ApiDeps,
): Promise<void> {
  const { state } = deps;
  const nowMs = deps.now();
  state.countRequest(path);
  const method = (req.method ?? 'GET').toUpperCase();
  const version = req.headers['x-github-api-version'];
  const versionHeader = typeof version === 'string' ? version : undefined;
  const base: HeaderMap = {
    'x-github-request-id': requestId(),
    'x-github-api-version-selected':
      versionHeader && SUPPORTED_API_VERSIONS.includes(versionHeader) ? versionHeader : DEFAULT_API_VERSION,
    'x-github-media-type': 'github.v3; format=json',
    'access-control-allow-origin': '*',
    'access-control-expose-headers':
      'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
    'x-content-type-options': 'nosniff',
    vary: 'Accept, Authorization, Accept-Encoding',
  };
  const json = (status: number, body: unknown, extra: HeaderMap = {}): void => {
    const text = JSON.stringify(body);
    send(
      res,
      status,
      { ...base, 'content-type': 'application/json; charset=utf-8', ...extra },
      method === 'HEAD' ? undefined : text,
    );
  };

  if (method === 'OPTIONS') {
    send(res, 204, {
      ...base,
      'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
      'access-control-allow-headers':
        'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, X-GitHub-Api-Version',
      'access-control-max-age': '86400',
    });
    return;
  }
  if (!req.headers['user-agent']) {
    send(
      res,
      403,
      { 'content-type': 'text/html; charset=utf-8', 'x-github-request-id': base['x-github-request-id'] as string },
      'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
    );
    return;
  }
  if (versionHeader !== undefined && !SUPPORTED_API_VERSIONS.includes(versionHeader)) {
    json(400, {
      message: `API version ${versionHeader} is not supported.`,
      documentation_url: 'https://docs.github.com/rest/overview/api-versions',
      status: '400',
    });
    return;
  }
  const failure = state.failures.find((f) => path.startsWith(f.pathPrefix));
  if (failure) {
    json(failure.status, {
      message: failure.status === 503 ? 'Service Unavailable' : 'Server Error',
      documentation_url: DOCS,
      status: String(failure.status),
    });
    return;
  }
  if (state.secondaryRemaining > 0) {
    state.secondaryRemaining -= 1;
    json(
      403,
      {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.',
        documentation_url:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        status: '403',
      },
      { 'retry-after': String(state.secondaryRetryAfter) },
    );
    return;
  }

  const ip = req.socket.remoteAddress ?? 'unknown';
  const scope = deps.bucketScope?.(req) ?? '';
  const scoped = (bucket: string) => (scope === '' ? bucket : `${scope}|${bucket}`);
  const auth = authenticate(req.headers.authorization, path, state);
  if (auth.kind === 'bad') {
    json(
      401,
      { message: 'Bad credentials', documentation_url: DOCS, status: '401' },
      rateLimitHeaders(state.limiter.peek('core', scoped(`ip:${ip}`), false, nowMs)),
    );
    return;
  }
  const token = auth.kind === 'token' ? auth.record : null;
  const identity = scoped(
    token ? `user:${token.login.toLowerCase()}` : auth.kind === 'app' ? `app:${auth.clientId}` : `ip:${ip}`,
  );
  const authenticated = auth.kind !== 'anonymous';
  const scopeHeaders: HeaderMap = token
    ? { 'x-oauth-scopes': token.scopes.join(', '), 'x-accepted-oauth-scopes': '' }
    : {};
  const cacheControl = authenticated ? 'private, max-age=60, s-maxage=60' : 'public, max-age=60, s-maxage=60';

  const matched = deps.router.match(method, path);
  const route = matched && 'route' in matched ? matched.route : null;
  const resource = route ? route.resource : 'core';
  const userId = token ? deps.dataset.account(token.login)?.id : undefined;
  if (resource !== 'none') {
    const view = state.limiter.peek(resource, identity, authenticated, nowMs);
    if (view.remaining === 0) {
      const err = rateLimitedError(view, token, userId, ip);
      json(err.status, err.body, { ...scopeHeaders, ...err.headers });
      return;
    }
  }

  let result: ApiResult;
  try {
    if (!route || !matched || !('route' in matched)) throw notFound();
    const ctx: ApiContext = {
      method,
      path,
      query: url.searchParams,
      headers: req.headers,
      params: matched.params,
      auth: token,
      rateIdentity: identity,
      authenticated,
      urls: deps.urls,
      dataset: deps.dataset,
      state,
      nowMs,
      pollIntervalSeconds: deps.pollIntervalSeconds,
      readBody: () => readBody(req),
    };
    result = await route.handler(ctx);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    result = { status: err.status, body: err.body, headers: err.headers };
  }

  const headers: HeaderMap = { ...base, ...scopeHeaders, ...(result.headers ?? {}) };
  const text = result.raw ? result.raw.bytes : result.body === undefined ? undefined : JSON.stringify(result.body);
  if (result.raw) headers['content-type'] = result.raw.contentType;
  else if (text !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  if (result.status === 200 && text !== undefined) {
    headers.etag = etagOf(text);
    headers['cache-control'] = cacheControl;
    if (result.lastModified) headers['last-modified'] = httpDate(Date.parse(result.lastModified));
    const ims = req.headers['if-modified-since'];
    const notModified =
      req.headers['if-none-match'] !== undefined
        ? etagMatches(req.headers['if-none-match'], headers.etag)
        : Boolean(
            ims && result.lastModified && Date.parse(ims) >= Math.floor(Date.parse(result.lastModified) / 1000) * 1000,
          );
    if (notModified) {
      // Conditional hits are free: report the bucket without spending from it.
      if (resource !== 'none')
        Object.assign(headers, rateLimitHeaders(state.limiter.peek(resource, identity, authenticated, nowMs)));
      delete headers['content-type'];
      delete headers.link;
      send(res, 304, headers);
      return;
    }
  }
  // Failed authentication is not charged to any bucket.
  if (resource !== 'none' && result.status !== 401)
    Object.assign(headers, rateLimitHeaders(state.limiter.spend(resource, identity, authenticated, nowMs)));
  send(res, result.status, headers, method === 'HEAD' ? undefined : text);
}
