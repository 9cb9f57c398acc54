import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../errors';

/**
 * While the process drains at shutdown, requests still arriving on open connections get a 503
 * from this hook rather than from Fastify's built-in answer (return503OnClosing is off in app.ts),
 * so they carry the security headers and request id like every other answer.
 */
export function registerDrainingAnswer(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('Connection', 'close').header('Retry-After', '1');
    const body: ApiErrorBody = {
      error: { code: 'unavailable', message: 'Service temporarily unavailable, please retry' },
    };
    return reply.status(503).send(body);
  });
}
