import type { ApiErrorCode } from '../../shared/api/errors';

export type { ApiErrorCode };

/** An error with a status and a message meant for the user. Everything else becomes a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const apiErrors = {
  badRequest: (message: string) => new ApiError(400, 'bad_request', message),
  validation: (message: string) => new ApiError(400, 'validation_failed', message),
  unauthorized: (message = 'Authentication required') => new ApiError(401, 'unauthorized', message),
  forbidden: (message = 'You are not allowed to do that') => new ApiError(403, 'forbidden', message),
  notFound: (message = 'Not found') => new ApiError(404, 'not_found', message),
  conflict: (message: string) => new ApiError(409, 'conflict', message),
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new ApiError(429, 'rate_limited', message, { retryAfterSeconds }),
  unavailable: (message = 'Service temporarily unavailable, please retry') => new ApiError(503, 'unavailable', message),
};

/** The JSON shape of every error answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string } & Record<string, unknown>;
}
