import { ActivityStore } from './activity/store';
import { GITHUB_RATE_LIMITS, RateLimiter, type RateLimits } from './api/ratelimit';
import { DEMO_REPO_ACCESS, repoAccessKey, type RepoRole } from './dataset/access';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
}

export interface TokenRecord {
  token: string;
  login: string;
  scopes: string[];
  /** OAuth app that owns the token; null for tokens issued through the control API. */
  clientId: string | null;
}

export interface CodeRecord {
  code: string;
  clientId: string;
  login: string;
  scopes: string[];
  /** redirect_uri given to /authorize, if any: the token exchange must repeat it. */
  redirectUri: string | null;
  codeChallenge: string | null;
  expiresMs: number;
}

/** A state set through the control API for one issue or pull request ('merged' and 'draft': pull requests only). */
export type IssueStateOverride = 'open' | 'closed' | 'merged' | 'draft';

export interface IssueStateChange {
  state: IssueStateOverride;
  /** ISO time of the change: the item's updated_at (and closed_at / merged_at when it closes). */
  at: string;
}

/** Key of an issue or pull request in EmulatorState.issueStates. */
export function issueStateKey(repoFullName: string, number: number): string {
  return `${repoFullName.toLowerCase()}#${number}`;
}

/**
 * Event payloads as GitHub Enterprise Server (and github.com before October 2025) sends them, or
 * as github.com sends them now: PushEvent without commits, PullRequestEvent with a minimal pull request.
 */
export type EventPayloadShape = 'full' | 'trimmed';

export interface ForcedFailure {
  pathPrefix: string;
  status: number;
}

/**
 * Everything that changes while the emulator runs. The dataset itself is immutable; this is what
 * POST /__control/reset clears (registered apps are configuration and survive a reset).
 */
export class EmulatorState {
  readonly apps = new Map<string, OAuthApp>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly codes = new Map<string, CodeRecord>();
  readonly limiter: RateLimiter;
  requestCount = 0;
  readonly requestsByPath = new Map<string, number>();
  secondaryRemaining = 0;
  secondaryRetryAfter = 60;
  failures: ForcedFailure[] = [];
  /** Roles on repositories one does not own, keyed by repoAccessKey (demo grants to start with). */
  readonly repoAccess = new Map<string, RepoRole>();
  /** Issues and pull requests whose state was changed, keyed by issueStateKey. */
  readonly issueStates = new Map<string, IssueStateChange>();
  /** Events, issues, releases and pushes produced while running. */
  readonly activity = new ActivityStore();
  eventPayloads: EventPayloadShape;

  constructor(
    private readonly defaultLimits: RateLimits = GITHUB_RATE_LIMITS,
    private readonly defaultEventPayloads: EventPayloadShape = 'full',
  ) {
    this.limiter = new RateLimiter({ ...defaultLimits });
    this.eventPayloads = defaultEventPayloads;
    this.resetRepoAccess();
  }

  resetRepoAccess(): void {
    this.repoAccess.clear();
    for (const grant of DEMO_REPO_ACCESS) this.repoAccess.set(repoAccessKey(grant.login, grant.repo), grant.role);
  }

  countRequest(path: string): void {
    this.requestCount += 1;
    this.requestsByPath.set(path, (this.requestsByPath.get(path) ?? 0) + 1);
  }

  resetCounters(): void {
    this.requestCount = 0;
    this.requestsByPath.clear();
  }

  reset(): void {
    this.tokens.clear();
    this.codes.clear();
    this.limiter.clear();
    this.limiter.limits = { ...this.defaultLimits };
    this.resetCounters();
    this.secondaryRemaining = 0;
    this.secondaryRetryAfter = 60;
    this.failures = [];
    this.resetRepoAccess();
    this.issueStates.clear();
    this.activity.clear();
    this.eventPayloads = this.defaultEventPayloads;
  }
}
