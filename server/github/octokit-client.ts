import { Octokit } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import type { Logger } from 'pino';

/** Octokit with GitHub's recommended etiquette: queued search (1 at a time), limit handling, 5xx retries. */
const GitHubOctokit = Octokit.plugin(throttling, retry);
export type GitHubOctokit = InstanceType<typeof GitHubOctokit>;

export const GITHUB_API_VERSION = '2022-11-28';

/**
 * A visitor's page is waiting on the answer, so only short waits are absorbed here; longer
 * ones surface as rate_limited errors (with the reset time) and the stale cache covers them.
 */
const MAX_INLINE_WAIT_SECONDS = 3;

export interface OctokitOptions {
  baseUrl: string;
  logger: Logger;
  /** Delay unit of the 5xx retry backoff (1, 4, ... units). */
  retryBaseMs?: number;
  retries?: number;
  /**
   * Spacing between searches, one at a time. Unset: GitHub's etiquette (2 s, shared by every
   * client in the process). The embedded emulator serves only this site and needs none.
   */
  searchIntervalMs?: number;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

export function createOctokit(options: OctokitOptions): GitHubOctokit {
  const { logger } = options;
  const shouldRetry =
    (kind: string) =>
    (retryAfter: number, request: { method?: string; url?: string }, _octokit: unknown, retryCount: number) => {
      const retrying = retryCount === 0 && retryAfter <= MAX_INLINE_WAIT_SECONDS;
      logger.warn({ method: request.method, route: request.url, retryAfter, retrying }, `GitHub ${kind} rate limit`);
      return retrying;
    };
  const octokit = new GitHubOctokit({
    baseUrl: options.baseUrl,
    userAgent: 'RepoRooms',
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message: string) => logger.warn({ source: 'octokit' }, message),
      error: (message: string) => logger.error({ source: 'octokit' }, message),
    },
    throttle: {
      onRateLimit: shouldRetry('primary'),
      onSecondaryRateLimit: shouldRetry('secondary'),
      ...(options.searchIntervalMs !== undefined
        ? {
            search: new Bottleneck.Group({
              id: 'reporooms-search',
              maxConcurrent: 1,
              minTime: options.searchIntervalMs,
            }),
          }
        : {}),
    },
    retry: { retries: options.retries ?? 2, retryAfterBaseValue: options.retryBaseMs ?? 500 },
  });
  octokit.hook.before('request', (request) => {
    const headers = request.headers as Record<string, string | undefined>;
    if (!headers.accept || headers.accept === 'application/vnd.github.v3+json')
      headers.accept = 'application/vnd.github+json';
    headers['x-github-api-version'] = GITHUB_API_VERSION;
    Object.assign(headers, options.headers);
  });
  return octokit;
}
