import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { GithubCacheRepository, GithubCacheRow } from '../db/repositories/github-cache.repository';
import { toGitHubError } from './github-errors';
import type { GitHubOctokit } from './octokit-client';
import type { QuotaTracker } from './quota-tracker';

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

const PRUNE_EVERY_WRITES = 500;
const MIN_KEEP_MS = 24 * 60 * 60 * 1000;

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
}

/**
 * Every GitHub GET: answered from the DB cache while fresh, revalidated with If-None-Match /
 * If-Modified-Since when stale (a 304 costs no quota), and identical concurrent calls share
 * one request. When GitHub fails or limits us, a stale copy is better than nothing.
 */
export function createCachedRequester(options: CachedRequesterOptions) {
  const { octokit, cache, ttlSeconds, now, quota, logger } = options;
  const inFlight = new Map<string, Promise<CachedResponse<unknown>>>();
  let writes = 0;

  /** Now and then, forget answers nobody asked for in a long while, so the table stays small. */
  async function saveAndPrune(row: GithubCacheRow): Promise<void> {
    await cache.save(row);
    writes += 1;
    if (writes % PRUNE_EVERY_WRITES !== 0) return;
    const keepMs = Math.max(ttlSeconds * 1000 * 10, MIN_KEEP_MS);
    await cache.deleteOlderThan(new Date(now() - keepMs).toISOString()).catch((error: unknown) => {
      logger.warn({ err: error }, 'GitHub cache pruning failed');
    });
  }

  async function load(key: string, route: string, params: Record<string, unknown>, identity: GitHubIdentity) {
    const stored = await cache.find(key);
    const fetchedAt = new Date(now()).toISOString();
    if (stored && now() - Date.parse(stored.fetched_at) < ttlSeconds * 1000) return fromRow(stored);

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
    async get<T>(route: string, params: Record<string, unknown>, identity: GitHubIdentity): Promise<CachedResponse<T>> {
      const { url } = octokit.request.endpoint(route, params);
      const key = `${identity.key} GET ${url}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = load(key, route, params, identity).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return (await pending) as CachedResponse<T>;
    },
  };
}
export type CachedRequester = ReturnType<typeof createCachedRequester>;

function fromRow(row: GithubCacheRow): CachedResponse<unknown> {
  return { status: row.status, data: JSON.parse(row.body) as unknown };
}

function stringHeader(value: string | number | undefined): string | null {
  return value === undefined || value === '' ? null : String(value);
}
