import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ApiErrorBody } from './errors';
import { GitHubError } from '../github/github-services';
import { DomainError, type DomainErrorKind } from '../errors';

/** How each kind of domain error answers over HTTP (the socket's `message.send` says the same status). */
export const DOMAIN_STATUS: Record<DomainErrorKind, [number, ApiErrorBody['error']['code']]> = {
  invalid: [400, 'validation_failed'],
  bad_request: [400, 'bad_request'],
  unauthenticated: [401, 'unauthorized'],
  forbidden: [403, 'forbidden'],
  not_found: [404, 'not_found'],
  conflict: [409, 'conflict'],
  rate_limited: [429, 'rate_limited'],
  upstream_rate_limited: [503, 'upstream_rate_limited'],
  upstream_unavailable: [502, 'upstream_unavailable'],
  unavailable: [503, 'unavailable'],
};

/** Maps every failure to a typed JSON error; unknown failures are logged and answered as 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | DomainError | GitHubError | Error, request, reply) => {
    const body = (status: number, code: ApiErrorBody['error']['code'], message: string, extra = {}) => {
      void reply.status(status).send({ error: { code, message, ...extra } } satisfies ApiErrorBody);
    };
    if (error instanceof ApiError) {
      if (error.status === 429 && typeof error.extra.retryAfterSeconds === 'number') {
        reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      return body(error.status, error.code, error.message, error.extra);
    }
    if (error instanceof DomainError) {
      const [status, code] = DOMAIN_STATUS[error.kind];
      if (typeof error.details.retryAfterSeconds === 'number') {
        reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      return body(status, code, error.message, error.details);
    }
    if (error instanceof GitHubError) {
      if (error.kind === 'not_found') return body(404, 'not_found', 'Not found on GitHub');
      if (error.kind === 'invalid_query') return body(400, 'bad_request', 'GitHub could not run this query');
      if (error.kind === 'rate_limited') {
        if (error.resetAt) {
          reply.header('Retry-After', String(Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000))));
        }
        return body(503, 'upstream_rate_limited', 'GitHub rate limit reached, try again later', {
          resetAt: error.resetAt?.toISOString() ?? null,
        });
      }
      request.log.warn({ err: error }, 'GitHub unavailable');
      return body(502, 'upstream_unavailable', 'GitHub is unavailable right now');
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return body(413, 'payload_too_large', 'Request body is too large');
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return body(415, 'unsupported_media_type', 'Requests must send a JSON body (Content-Type: application/json)');
    }
    if (
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      return body(fastifyError.statusCode, 'bad_request', fastifyError.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '1');
      return body(503, 'unavailable', 'Service temporarily unavailable, please retry');
    }
    request.log.error({ err: error }, 'unhandled error');
    return body(500, 'internal', 'Something went wrong');
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
