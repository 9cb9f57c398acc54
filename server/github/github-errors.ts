import { GitHubError } from './github-services';

type Headers = Record<string, string | number | undefined>;

interface HttpFailure {
  status?: number;
  message?: string;
  response?: { headers?: Headers; data?: unknown };
}

/** How long GitHub asks us to wait after a secondary limit when it gives no Retry-After. */
const SECONDARY_LIMIT_FALLBACK_SECONDS = 60;

function headerOf(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return value === undefined ? undefined : String(value);
}

function messageOf(failure: HttpFailure): string {
  const data = failure.response?.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return failure.message ?? 'GitHub request failed';
}

/** x-ratelimit-reset is in epoch seconds; some recorded responses carry milliseconds. */
export function epochToDate(value: number): Date {
  if (!Number.isFinite(value) || value <= 0) return new Date(0);
  return new Date(value > 1e11 ? value : value * 1000);
}

/**
 * When a rate-limited request may be retried: the reset time of a primary limit, or now plus
 * Retry-After for a secondary one. Null when the answer is not a rate limit at all.
 */
export function rateLimitResetAt(
  status: number,
  headers: Headers | undefined,
  message: string,
  now: number,
): Date | null {
  if (status !== 403 && status !== 429) return null;
  const retryAfter = Number(headerOf(headers, 'retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return new Date(now + retryAfter * 1000);
  if (headerOf(headers, 'x-ratelimit-remaining') === '0') {
    const reset = Number(headerOf(headers, 'x-ratelimit-reset'));
    return Number.isFinite(reset) && reset > 0 ? epochToDate(reset) : new Date(now + 60_000);
  }
  if (/rate limit/i.test(message) || status === 429) return new Date(now + SECONDARY_LIMIT_FALLBACK_SECONDS * 1000);
  return null;
}

/** Maps any failure of a GitHub call (HTTP error or network problem) to a GitHubError. */
export function toGitHubError(error: unknown, now: number = Date.now()): GitHubError {
  if (error instanceof GitHubError) return error;
  const failure = (error ?? {}) as HttpFailure;
  const status = typeof failure.status === 'number' ? failure.status : undefined;
  const message = messageOf(failure);
  if (status === undefined || status >= 500 || status === 401) return new GitHubError('unavailable', message, status);
  if (status === 404 || status === 410 || status === 451) return new GitHubError('not_found', message, status);
  if (status === 422) return new GitHubError('invalid_query', message, status);
  if (status === 403 || status === 429) {
    const resetAt = rateLimitResetAt(status, failure.response?.headers, message, now);
    if (resetAt) return new GitHubError('rate_limited', message, status, resetAt);
    // A 403 that is not a limit: blocked repository ("Repository access blocked") and the like.
    return new GitHubError('not_found', message, status);
  }
  return new GitHubError('unavailable', message, status);
}
