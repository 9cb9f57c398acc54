import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorResponse } from '../../../../shared/api/errors.schemas';
import { healthResponse } from '../../../../shared/api/health.schemas';
import type { RouteDeps } from '../../route-deps';
import { contract } from '../../contract/route-contract';

/** While the process drains at shutdown, every request hears the draining 503 instead. */
const notServing = { body: z.union([healthResponse, apiErrorResponse]), description: 'Not ready, or shutting down.' };

/**
 * Public health answers carry no details (engine, bus type, GitHub quota tell an attacker what to
 * aim at); operators read those on the metrics port (server/metrics/metrics-server.ts).
 */
export async function healthRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  // Liveness: the process serves requests. While it drains at shutdown it answers 503 (draining.ts).
  const liveness = contract({
    tag: 'Health',
    summary: 'Liveness: this process serves requests',
    answers: { 200: healthResponse, 503: notServing },
  });
  app.get('/api/health', liveness, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return reply.status(200).send({ status: 'ok' });
  });

  // Readiness: the database and the bus answer, so requests routed here can succeed.
  const readiness = contract({
    tag: 'Health',
    summary: 'Readiness: the database and the event bus answer',
    answers: { 200: healthResponse, 503: notServing },
  });
  app.get('/api/health/ready', readiness, async (_request, reply) => {
    const { ok } = await services.health.check();
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
