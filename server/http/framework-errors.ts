import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from './errors';
import type { ApplySecurityHeaders } from './middleware/security-headers';
import { REQUEST_ID_HEADER } from './middleware/request-id';

/**
 * Fastify's `frameworkErrors`: answers it gives before any route or hook runs (a malformed
 * percent-encoding in the URL, a too-long parameter). Without this they leave as bare JSON with no
 * security headers and echo the raw path back; here they get the same headers, request id and
 * error shape as every other answer.
 */
export function answerFrameworkError(applySecurityHeaders: ApplySecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
    const body: ApiErrorBody =
      status >= 500
        ? { error: { code: 'internal', message: 'Something went wrong' } }
        : {
            error: {
              code: 'bad_request',
              message: status === 414 ? 'Request URL is too long' : 'Malformed request URL',
            },
          };
    if (status >= 500) request.log.error({ err: error }, 'framework error');
    reply.header(REQUEST_ID_HEADER, request.id);
    applySecurityHeaders(request, reply);
    void reply.status(status).send(body);
  };
}
