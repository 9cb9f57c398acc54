import type { IssueWriter } from './issue-writer';
import type { RepositoryEventsReader } from './repository-events';
import type {
  ContributionDay,
  GitHubContributor,
  GitHubEvent,
  GitHubFileContents,
  GitHubIssue,
  GitHubIssueDetail,
  GitHubRelease,
  GitHubRepository,
  GitHubSearchResult,
  GitHubUser,
} from './github-types';

export type RepoSearchSort = 'stars' | 'forks' | 'help-wanted-issues' | 'updated';

export interface RepoSearchParams {
  q: string;
  sort?: RepoSearchSort;
  order?: 'asc' | 'desc';
  perPage?: number;
  page?: number;
}

/**
 * Why a GitHub call failed, in terms the product can act on.
 * not_found: the resource does not exist (or is private/blocked);
 * invalid_query: GitHub refused the query (422);
 * rate_limited: quota exhausted, retry after `resetAt`;
 * unavailable: GitHub or the network failed.
 */
export type GitHubErrorKind = 'not_found' | 'invalid_query' | 'rate_limited' | 'unavailable';

export class GitHubError extends Error {
  constructor(
    readonly kind: GitHubErrorKind,
    message: string,
    readonly status?: number,
    readonly resetAt?: Date,
  ) {
    super(message);
  }
}

/** A read that would have reached GitHub, refused by its caller's allowance (ReadOptions.upstream). */
export class UpstreamRefusedError extends GitHubError {
  constructor() {
    super('rate_limited', 'Upstream allowance spent');
  }
}

export interface QuotaSnapshot {
  resource: string;
  limit: number;
  remaining: number;
  resetAt: string;
}

/** How a read may spend the server's GitHub quota. */
export interface ReadOptions {
  /**
   * The read serves a signed-out visitor's own query (a free-form search, filters, a repository
   * picked by name). It may not spend the share of the quota kept for signed-in users and the
   * home page's own lists: below that reserve it fails with 'rate_limited' instead.
   */
  visitor?: boolean;
  /**
   * Asked before each request that would reach GitHub (answers from the cache never ask): false
   * refuses it, and the read answers a stale copy when there is one, else fails 'rate_limited'.
   * Bounds what a caller may spend upstream, e.g. a room's references per hour.
   */
  upstream?: UpstreamAllowance;
  /**
   * How long a 404 (or 410, 451) stands before GitHub is asked again; default: a minute at most.
   * Longer for what is rarely created later and costs a request to ask about, such as the issue a
   * made-up `#N` names.
   */
  notFoundTtlSeconds?: number;
  /** How long an answer stands before GitHub is asked again; default: the cache lifetime. */
  freshForSeconds?: number;
}

/** What a read may still spend upstream (see ReadOptions.upstream). */
export interface UpstreamAllowance {
  take(): Promise<boolean>;
}

/**
 * Every server-side GitHub read goes through this (cache, coalescing, throttling, retry).
 * Methods throw GitHubError.
 */
export interface GitHubApi {
  searchRepositories(params: RepoSearchParams, options?: ReadOptions): Promise<GitHubSearchResult<GitHubRepository>>;
  getRepository(fullName: string, options?: ReadOptions): Promise<GitHubRepository>;
  /** The repository as a user sees it with their own token (its `permissions` are theirs). */
  getRepositoryAsUser(fullName: string, userToken: string): Promise<GitHubRepository>;
  listContributors(fullName: string, perPage: number, options?: ReadOptions): Promise<GitHubContributor[]>;
  listReleases(fullName: string, perPage: number, options?: ReadOptions): Promise<GitHubRelease[]>;
  /** Open issues labelled 'good first issue', pull requests dropped, at most `limit`. */
  listGoodFirstIssues(fullName: string, limit: number, options?: ReadOptions): Promise<GitHubIssue[]>;
  /**
   * One issue or pull request by number (a pull request answers with `pull_request` and `draft`):
   * one request whichever it is.
   */
  getIssue(fullName: string, number: number, options?: ReadOptions): Promise<GitHubIssueDetail>;
  /** A file of the repository at a ref (contents API: base64 content, or none past 1 MB). */
  getFileContents(fullName: string, path: string, ref: string, options?: ReadOptions): Promise<GitHubFileContents>;
  getUser(login: string): Promise<GitHubUser>;
  /** The user's public repositories (all pages up to a sane cap). */
  listUserRepositories(login: string): Promise<GitHubRepository[]>;
  listUserPublicEvents(login: string): Promise<GitHubEvent[]>;
  /** Contribution calendar for the last year, or null when it cannot be read (no token, error). */
  getContributionCalendar(login: string, userToken?: string): Promise<ContributionDay[] | null>;
  /** Last quota seen per resource, for /api/health. */
  quota(): QuotaSnapshot[];
}

/** Sign-in through GitHub's OAuth web flow (github.com, GHES or the emulator). */
export interface GitHubOAuth {
  /** URL to send the browser to. */
  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string; extraScopes?: string[] }): string;
  /** Exchanges a code; throws GitHubError on refusal. */
  exchangeCode(params: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ accessToken: string; scopes: string[] }>;
  /** The signed-in user's own record (GET /user with their token). */
  getAuthenticatedUser(accessToken: string): Promise<GitHubUser>;
  /**
   * The user's primary address if GitHub says it is verified (GET /user/emails, scope
   * `user:email`); null when there is none or the token may not read them. Throws GitHubError
   * when GitHub could not be asked.
   */
  getVerifiedPrimaryEmail(accessToken: string): Promise<string | null>;
  /** Best-effort revocation of a user's grant. */
  revoke(accessToken: string): Promise<void>;
}

export interface GitHubServices {
  mode: 'live' | 'emulated';
  api: GitHubApi;
  oauth: GitHubOAuth;
  /** The repositories' events lists, polled with their ETags (server/services/repo-activity). */
  events: RepositoryEventsReader;
  /** Issues opened with a person's own token ("Create issue"). */
  issues: IssueWriter;
  /** Browser-facing GitHub web origin (for 'View GitHub Profile' links etc.). */
  webUrl: string;
}
