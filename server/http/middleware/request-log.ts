import type { FastifyInstance } from 'fastify';

/** Query parameters that carry credentials (OAuth callback) and must never reach the logs. */
const SECRET_PARAMS = /([?&](?:code|state|access_token|token|code_verifier)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** One structured line per request, written when the answer is sent. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.auth?.userId,
      },
      'request',
    );
  });
}
