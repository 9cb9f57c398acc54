import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const [database, bus] = await Promise.all([
      ctx.database
        .ping()
        .then(() => ({ ok: true, engine: ctx.database.engine }))
        .catch((error: unknown) => ({ ok: false, engine: ctx.database.engine, detail: errorMessage(error) })),
      ctx.bus.health().then((h) => ({ ...h, kind: ctx.bus.kind })),
    ]);
    const healthy = database.ok && bus.ok;
    reply.header('Cache-Control', 'no-store');
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'unavailable',
      database,
      bus,
      github: { mode: ctx.github.mode, quota: ctx.github.api.quota() },
    });
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
