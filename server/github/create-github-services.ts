import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import { githubCacheRepository } from '../db/repositories/github-cache.repository';
import { createCachedRequester, serverIdentity } from './cached-request';
import { createContributionCalendarReader } from './contribution-calendar';
import { createGitHubApi } from './github-api';
import { createGitHubOAuth, oauthUrlFromApiUrl } from './github-oauth';
import type { GitHubServices } from './github-services';
import { createOctokit } from './octokit-client';
import { createQuotaTracker } from './quota-tracker';
import { createRepositoryEventsReader } from './repository-events';
import { createIssueWriter } from './issue-writer';

export interface GitHubEndpoints {
  /** REST base the server calls, e.g. https://api.github.com or http://127.0.0.1:3000/_emulator/api/v3 */
  apiUrl: string;
  /** Web origin the browser is sent to for OAuth, e.g. https://github.com */
  webUrl: string;
  /**
   * Where the server itself posts the OAuth code exchange. Defaults to the host derived from
   * apiUrl (github.com for api.github.com; apiUrl without /api/v3 for GHES and the emulator).
   */
  oauthUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The emulator mounted in this process: no need to space searches out for its sake. */
  embedded?: boolean;
  /** Headers every request to this GitHub carries (the embedded emulator's mark of the site's calls). */
  headers?: Record<string, string>;
}

export interface CreateGitHubServicesOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  endpoints: GitHubEndpoints;
  /** Clock for cache freshness (tests move it). */
  now?: () => number;
  /** Delay unit of 5xx retries (tests shorten it). */
  retryBaseMs?: number;
}

/** Builds the GitHub API client and OAuth helper for the configured endpoints. */
export function createGitHubServices(options: CreateGitHubServicesOptions): GitHubServices {
  const { endpoints, config, logger } = options;
  const now = options.now ?? Date.now;
  const octokit = createOctokit({
    baseUrl: endpoints.apiUrl,
    logger,
    ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}),
    ...(endpoints.embedded ? { searchIntervalMs: 0 } : {}),
    ...(endpoints.headers ? { headers: endpoints.headers } : {}),
  });
  const quota = createQuotaTracker();
  const requester = createCachedRequester({
    octokit,
    cache: githubCacheRepository(options.database.db),
    ttlSeconds: config.github.cacheTtlSeconds,
    maxRows: config.github.cacheMaxRows,
    now,
    quota,
    logger,
  });
  const calendar = createContributionCalendarReader({ octokit, apiUrl: endpoints.apiUrl, quota, logger });
  const api = createGitHubApi({ requester, identity: serverIdentity(config.github.token), calendar, quota });
  const oauth = createGitHubOAuth({
    octokit,
    logger,
    endpoints: {
      webUrl: endpoints.webUrl,
      oauthUrl: endpoints.oauthUrl ?? oauthUrlFromApiUrl(endpoints.apiUrl),
      clientId: endpoints.clientId,
      clientSecret: endpoints.clientSecret,
    },
  });
  const events = createRepositoryEventsReader({ octokit, quota, token: config.github.token });
  const issues = createIssueWriter({ octokit, quota });
  return { mode: config.github.mode, api, oauth, events, issues, webUrl: endpoints.webUrl };
}
