import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Infrastructure } from '../context';
import { checkDependencies } from '../services/health/dependency-health';
import type { AppMetrics } from './app-metrics';

export interface MetricsServer {
  app: FastifyInstance;
  /** Starts listening on HOST:METRICS_PORT. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A second listener, for operators and the Prometheus scraper only: /metrics and the detailed
 * health (database engine, bus type, GitHub quota) that the public /api/health no longer tells.
 * Keep METRICS_PORT off the public network (firewall, or HOST on a private interface).
 */
export function createMetricsServer(ctx: Infrastructure, metrics: AppMetrics, port: number): MetricsServer {
  const app = Fastify({
    loggerInstance: ctx.logger.child({ listener: 'metrics' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store');
    return reply.send(await metrics.registry.metrics());
  });

  app.get('/health', async (_request, reply) => {
    const health = await checkDependencies(ctx);
    reply.header('Cache-Control', 'no-store');
    return reply.status(health.ok ? 200 : 503).send({
      status: health.ok ? 'ok' : 'unavailable',
      database: health.database,
      bus: health.bus,
      github: { mode: ctx.github.mode, quota: ctx.github.api.quota() },
    });
  });

  return {
    app,
    async listen() {
      await app.listen({ port, host: ctx.config.host });
    },
    close: () => app.close(),
  };
}
