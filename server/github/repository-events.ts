import { toGitHubError } from './github-errors';
import type { GitHubEvent } from './github-types';
import type { GitHubOctokit } from './octokit-client';
import type { QuotaTracker } from './quota-tracker';

type Headers = Record<string, string | number | undefined>;

/** What one poll of a repository's events found (docs/GITHUB.md: the events API). */
export type RepositoryEventsPoll =
  | { changed: true; etag: string | null; pollIntervalSeconds: number; events: GitHubEvent[] }
  /** 304: nothing new since the ETag, and no quota spent. */
  | { changed: false; pollIntervalSeconds: number };

/** Reads a repository's events list conditionally: never from the response cache, always with the ETag given. */
export interface RepositoryEventsReader {
  poll(fullName: string, etag: string | null): Promise<RepositoryEventsPoll>;
}

/** GitHub's interval when it sends none. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 60;

export function createRepositoryEventsReader(deps: {
  octokit: GitHubOctokit;
  quota: QuotaTracker;
  token: string | undefined;
}): RepositoryEventsReader {
  const { octokit, quota, token } = deps;
  return {
    async poll(fullName, etag) {
      const [owner = '', repo = ''] = fullName.split('/');
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (etag) headers['if-none-match'] = etag;
      try {
        const response = await octokit.request('GET /repos/{owner}/{repo}/events', {
          owner,
          repo,
          per_page: 100,
          headers,
        });
        const answered = response.headers as Headers;
        quota.record(answered);
        return {
          changed: true,
          etag: answered.etag === undefined ? null : String(answered.etag),
          pollIntervalSeconds: pollIntervalOf(answered),
          events: Array.isArray(response.data) ? (response.data as GitHubEvent[]) : [],
        };
      } catch (error) {
        const failure = (error ?? {}) as { status?: number; response?: { headers?: Headers } };
        quota.record(failure.response?.headers);
        if (failure.status === 304)
          return { changed: false, pollIntervalSeconds: pollIntervalOf(failure.response?.headers) };
        throw toGitHubError(error, Date.now());
      }
    },
  };
}

function pollIntervalOf(headers: Headers | undefined): number {
  const seconds = Number(headers?.['x-poll-interval']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_POLL_INTERVAL_SECONDS;
}
