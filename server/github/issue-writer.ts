import type { GitHubOctokit } from './octokit-client';
import type { QuotaTracker } from './quota-tracker';

/** Why GitHub did not create the issue, in terms the person can act on. */
export type IssueRefusal =
  'scope_needed' | 'forbidden' | 'issues_disabled' | 'quota' | 'not_found' | 'invalid' | 'unavailable';

export class IssueRefusedError extends Error {
  constructor(readonly refusal: IssueRefusal) {
    super(`GitHub did not create the issue: ${refusal}`);
  }
}

export interface CreatedIssue {
  number: number;
  html_url: string;
  state: string;
}

/** Creates issues with a person's own token (never cached, never the server's token). */
export interface IssueWriter {
  create(fullName: string, userToken: string, issue: { title: string; body: string }): Promise<CreatedIssue>;
}

/** Scopes that let an OAuth token open an issue in a public repository. */
export const ISSUE_SCOPES = ['public_repo', 'repo'];

type Headers = Record<string, string | number | undefined>;

/**
 * Decided from `X-OAuth-Scopes` rather than the status: a token lacking the scope gets a 403 from
 * some GitHubs and a 404 from others (docs/GITHUB.md §2).
 */
function refusalOf(status: number | undefined, headers: Headers | undefined): IssueRefusal {
  const scopes = headers?.['x-oauth-scopes'];
  const granted = typeof scopes === 'string' ? scopes.split(/[\s,]+/).filter(Boolean) : undefined;
  if ((status === 403 || status === 404) && granted && !granted.some((s) => ISSUE_SCOPES.includes(s)))
    return 'scope_needed';
  if (status === 429 || (status === 403 && String(headers?.['x-ratelimit-remaining']) === '0')) return 'quota';
  if (status === 410) return 'issues_disabled';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 401) return 'not_found';
  if (status === 422 || status === 400) return 'invalid';
  return 'unavailable';
}

export function createIssueWriter(deps: { octokit: GitHubOctokit; quota: QuotaTracker }): IssueWriter {
  return {
    async create(fullName, userToken, issue) {
      const [owner = '', repo = ''] = fullName.split('/');
      try {
        const response = await deps.octokit.request('POST /repos/{owner}/{repo}/issues', {
          owner,
          repo,
          title: issue.title,
          body: issue.body,
          headers: { authorization: `Bearer ${userToken}` },
        });
        const data = response.data as { number: number; html_url: string; state: string };
        return { number: data.number, html_url: data.html_url, state: data.state };
      } catch (error) {
        const failure = (error ?? {}) as { status?: number; response?: { headers?: Headers } };
        throw new IssueRefusedError(refusalOf(failure.status, failure.response?.headers));
      }
    },
  };
}
