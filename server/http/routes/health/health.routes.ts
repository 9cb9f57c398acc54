import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps';

/**
 * Public health answers carry no details (engine, bus type, GitHub quota tell an attacker what to
 * aim at); operators read those on the metrics port (server/metrics/metrics-server.ts).
 */
export async function healthRoutes(app: FastifyInstance, { services }: RouteDeps): Promise<void> {
  // Liveness: the process serves requests. While it drains at shutdown Fastify answers 503 itself.
  app.get('/api/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return reply.status(200).send({ status: 'ok' });
  });

  // Readiness: the database and the bus answer, so requests routed here can succeed.
  app.get('/api/health/ready', async (_request, reply) => {
    const { ok } = await services.health.check();
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
