import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { GithubCacheRepository, GithubCacheRow } from '../db/repositories/github-cache.repository';
import { toGitHubError } from './github-errors';
import { GitHubError, UpstreamRefusedError, type ReadOptions } from './github-services';
import type { GitHubOctokit } from './octokit-client';
import { quotaResourceOf, type QuotaTracker } from './quota-tracker';

/** Who a request is made as: part of the cache key, since answers differ per identity. */
export interface GitHubIdentity {
  /** 'anonymous', 'server', or 'user:<token hash>' (never the token itself). */
  key: string;
  token?: string;
}

export const ANONYMOUS: GitHubIdentity = { key: 'anonymous' };

export function serverIdentity(token: string | undefined): GitHubIdentity {
  return token ? { key: 'server', token } : ANONYMOUS;
}

export function userIdentity(token: string): GitHubIdentity {
  return { key: `user:${createHash('sha256').update(token).digest('hex').slice(0, 24)}`, token };
}

export interface CachedResponse<T> {
  status: number;
  data: T;
}

type Headers = Record<string, string | number | undefined>;

const PRUNE_EVERY_WRITES = 100;
const MIN_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A missing repository or user is remembered too, so repeating a request for it costs nothing
 * upstream; for a shorter time than an answer, since it may be created at any moment.
 */
const NOT_FOUND_TTL_SECONDS = 60;
const NOT_FOUND_STATUSES = new Set([404, 410, 451]);

interface RequestFailure {
  status?: number;
  response?: { headers?: Headers };
}

export interface CachedRequesterOptions {
  octokit: GitHubOctokit;
  cache: GithubCacheRepository;
  ttlSeconds: number;
  now: () => number;
  quota: QuotaTracker;
  logger: Logger;
  /** Rows the cache table may hold; the least recently refreshed go first. */
  maxRows: number;
}

/**
 * Every GitHub GET: answered from the DB cache while fresh, revalidated with If-None-Match /
 * If-Modified-Since when stale (a 304 costs no quota), and identical concurrent calls share
 * one request. When GitHub fails or limits us, a stale copy is better than nothing.
 */
export function createCachedRequester(options: CachedRequesterOptions) {
  const { octokit, cache, ttlSeconds, now, quota, logger, maxRows } = options;
  const inFlight = new Map<string, Promise<CachedResponse<unknown>>>();
  let writes = 0;

  /**
   * On the first write and every hundredth after it, forget answers nobody asked for in a long
   * while and cut the table down to `maxRows`: every distinct query adds a row, so without a
   * cap visitors could grow it without bound. The cap holds within PRUNE_EVERY_WRITES rows.
   */
  async function saveAndPrune(row: GithubCacheRow): Promise<void> {
    await cache.save(row);
    writes += 1;
    if (writes !== 1 && writes % PRUNE_EVERY_WRITES !== 0) return;
    const keepMs = Math.max(ttlSeconds * 1000 * 10, MIN_KEEP_MS);
    try {
      await cache.deleteOlderThan(new Date(now() - keepMs).toISOString());
      await cache.keepNewest(maxRows);
    } catch (error) {
      logger.warn({ err: error }, 'GitHub cache pruning failed');
    }
  }

  const isFresh = (row: GithubCacheRow, options: ReadOptions) =>
    now() - Date.parse(row.fetched_at) <
    (NOT_FOUND_STATUSES.has(row.status)
      ? (options.notFoundTtlSeconds ?? Math.min(ttlSeconds, NOT_FOUND_TTL_SECONDS))
      : (options.freshForSeconds ?? ttlSeconds)) *
      1000;

  async function load(
    key: string,
    route: string,
    params: Record<string, unknown>,
    identity: GitHubIdentity,
    options: ReadOptions,
  ) {
    const stored = await cache.find(key);
    const fetchedAt = new Date(now()).toISOString();
    if (stored && isFresh(stored, options)) return fromRow(stored);

    if (options.visitor) {
      const resource = quotaResourceOf(route);
      const refillsAt = quota.reserveReachedUntil(resource, now());
      if (refillsAt) {
        // The rest of the quota is kept for signed-in users and the home page's own lists.
        if (stored) return fromRow(stored);
        logger.info({ route, resource }, 'GitHub quota down to its reserve: visitor query refused');
        throw new QuotaReserveError(refillsAt);
      }
    }

    if (options.upstream && !(await options.upstream.take())) {
      if (stored) return fromRow(stored);
      throw new UpstreamRefusedError();
    }

    const headers: Record<string, string> = {};
    if (identity.token) headers.authorization = `Bearer ${identity.token}`;
    if (stored?.etag) headers['if-none-match'] = stored.etag;
    else if (stored?.last_modified) headers['if-modified-since'] = stored.last_modified;
    try {
      const response = await octokit.request(route, { ...params, headers });
      const responseHeaders = response.headers as Headers;
      quota.record(responseHeaders);
      const row: GithubCacheRow = {
        key,
        status: response.status,
        etag: stringHeader(responseHeaders.etag),
        last_modified: stringHeader(responseHeaders['last-modified']),
        body: JSON.stringify(response.data ?? null),
        fetched_at: fetchedAt,
      };
      await saveAndPrune(row);
      return fromRow(row);
    } catch (error) {
      const failure = (error ?? {}) as RequestFailure;
      quota.record(failure.response?.headers);
      if (failure.status === 304 && stored) {
        await cache.touch(key, fetchedAt);
        return fromRow(stored);
      }
      const mapped = toGitHubError(error, now());
      if (mapped.kind === 'not_found' && mapped.status !== undefined && NOT_FOUND_STATUSES.has(mapped.status)) {
        await saveAndPrune({
          key,
          status: mapped.status,
          etag: null,
          last_modified: null,
          body: JSON.stringify({ message: mapped.message }),
          fetched_at: fetchedAt,
        });
        throw mapped;
      }
      if (stored && (mapped.kind === 'unavailable' || mapped.kind === 'rate_limited')) {
        logger.warn(
          { route, kind: mapped.kind, status: mapped.status },
          'GitHub call failed: serving the stale cached copy',
        );
        return fromRow(stored);
      }
      throw mapped;
    }
  }

  return {
    async get<T>(
      route: string,
      params: Record<string, unknown>,
      identity: GitHubIdentity,
      options: ReadOptions = {},
    ): Promise<CachedResponse<T>> {
      const { url } = octokit.request.endpoint(route, params);
      const key = `${identity.key} GET ${url}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = load(key, route, params, identity, options).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      try {
        return (await pending) as CachedResponse<T>;
      } catch (error) {
        // The site's own read joined a visitor's that was refused for quota: it may spend it.
        if (error instanceof QuotaReserveError && !options.visitor) {
          return (await load(key, route, params, identity, options)) as CachedResponse<T>;
        }
        throw error;
      }
    },
  };
}
export type CachedRequester = ReturnType<typeof createCachedRequester>;

/** A visitor's read refused because the quota is down to the share kept for the site. */
export class QuotaReserveError extends GitHubError {
  constructor(refillsAt: Date) {
    super('rate_limited', 'GitHub quota kept in reserve', undefined, refillsAt);
  }
}

function fromRow(row: GithubCacheRow): CachedResponse<unknown> {
  if (NOT_FOUND_STATUSES.has(row.status)) {
    const { message } = JSON.parse(row.body) as { message?: string };
    throw new GitHubError('not_found', message ?? 'Not Found', row.status);
  }
  return { status: row.status, data: JSON.parse(row.body) as unknown };
}

function stringHeader(value: string | number | undefined): string | null {
  return value === undefined || value === '' ? null : String(value);
}
