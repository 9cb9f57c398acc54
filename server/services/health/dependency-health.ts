import type { Infrastructure } from '../../context';

export interface DependencyHealth {
  ok: boolean;
  database: { ok: boolean; engine: string; detail?: string };
  bus: { ok: boolean; kind: string; detail?: string };
}

/**
 * Whether the database and the bus answer. The details (engine, bus kind, error text) are for
 * operators only: the public readiness answer reports just ok or not, the metrics port the rest.
 */
export async function checkDependencies(ctx: Pick<Infrastructure, 'database' | 'bus'>): Promise<DependencyHealth> {
  const [database, bus] = await Promise.all([
    ctx.database
      .ping()
      .then(() => ({ ok: true, engine: ctx.database.engine }))
      .catch((error: unknown) => ({ ok: false, engine: ctx.database.engine, detail: errorMessage(error) })),
    ctx.bus
      .health()
      .catch((error: unknown) => ({ ok: false, detail: errorMessage(error) }))
      .then((h) => ({ ...h, kind: ctx.bus.kind })),
  ]);
  return { ok: database.ok && bus.ok, database, bus };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
