import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics';

/**
 * Request durations labelled by route pattern ("/api/rooms/:roomId"), never the raw URL: ids in
 * paths would make one series per room or user. Requests no route matched share one label.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
