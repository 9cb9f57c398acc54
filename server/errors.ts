/**
 * Errors the services raise, in the language of the domain. They know nothing of HTTP or WebSocket
 * frames: `server/http/error-handler.ts` maps each kind to a status and `server/realtime` maps it to an
 * error frame. The message is written for the user (docs/PRODUCT.md §8) and travels unchanged.
 */
export type DomainErrorKind =
  /** The input breaks a rule (a message of docs/PRODUCT.md §5). */
  | 'invalid'
  /** The request itself is malformed (a bad cursor, an unknown option). */
  | 'bad_request'
  /** Nobody is signed in, or the session ended. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this here. */
  | 'forbidden'
  | 'not_found'
  /** The state changed under the request (a name taken, a row gone mid-write). */
  | 'conflict'
  /** A limit of ours was reached; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** GitHub's quota is spent; `resetAt` says when it comes back. */
  | 'upstream_rate_limited'
  /** GitHub failed or did not answer. */
  | 'upstream_unavailable'
  /** A dependency of ours (database, Redis) is down; retrying soon may work. */
  | 'unavailable';

export interface DomainErrorDetails {
  retryAfterSeconds?: number;
  resetAt?: string | null;
  /** A machine-readable reason the client can branch on (for example `no_github_account`). */
  reason?: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Shorthands, so a service reads `throw domainErrors.notFound(ROOM_NOT_FOUND)`. */
export const domainErrors = {
  invalid: (message: string) => new DomainError('invalid', message),
  badRequest: (message: string) => new DomainError('bad_request', message),
  unauthenticated: (message = 'Authentication required') => new DomainError('unauthenticated', message),
  forbidden: (message = 'You are not allowed to do that') => new DomainError('forbidden', message),
  notFound: (message = 'Not found') => new DomainError('not_found', message),
  conflict: (message: string, reason?: string) => new DomainError('conflict', message, reason ? { reason } : {}),
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new DomainError('rate_limited', message, { retryAfterSeconds }),
  unavailable: (message = 'Service temporarily unavailable, please retry') => new DomainError('unavailable', message),
};

/** What the message services and those beside them (pins, reports, search, moderation) answer. */
export const NOT_A_MEMBER = 'You are not a member of this room';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const MODERATORS_ONLY = 'Only moderators of this room can do that';
