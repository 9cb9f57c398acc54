import { CAPACITY_TARGET_MS, POSTGRES_POOL_SIZE, type CapacityStep } from './capacity-types';

/** Why a step missed its targets: each failed condition in words (empty: it passed). */
export function stepMisses(step: Omit<CapacityStep, 'passed' | 'misses'>): string[] {
  const misses: string[] = [];
  if (step.failedConnections > 0) misses.push(`${step.failedConnections} sockets failed to open`);
  if (step.delivery.count === 0) misses.push('no message delivered');
  if (step.delivery.p99Ms >= CAPACITY_TARGET_MS.delivery) misses.push(`delivery p99 ${step.delivery.p99Ms} ms`);
  if (step.http.p99Ms >= CAPACITY_TARGET_MS.http) misses.push(`HTTP p99 ${step.http.p99Ms} ms`);
  if (step.delivery.expected > 0 && step.delivery.count < step.delivery.expected * 0.99) {
    misses.push(`${Math.round((step.delivery.count / step.delivery.expected) * 1000) / 10} % of deliveries arrived`);
  }
  const failures = Object.values(step.httpFailures).reduce((a, b) => a + b, 0);
  if (failures > step.http.count * 0.001) misses.push(`${failures} HTTP requests failed`);
  return misses;
}

/**
 * A product process runs its requests and deliveries on one thread: this busy, bursts of work
 * (a large room's fan-out, a room snapshot) keep the rest waiting past the targets.
 */
const BUSY_THREAD_CORES = 0.6;

/** Connections lent out on average, as a share of the pool, that count as a pool all in use. */
const POOL_FULL_SHARE = 0.9;

/**
 * The PostgreSQL pool, when a product process had queries waiting for a connection on average over
 * the hold, or had about all of its connections lent out: the numbers per process, else undefined.
 */
function poolShortage(step: CapacityStep): string | undefined {
  const pools = (step.serverMetrics ?? []).flatMap((m) => (m.pool ? [m.pool] : []));
  const short = pools.some((p) => p.waitingMean > 0 || p.busyMean >= POSTGRES_POOL_SIZE * POOL_FULL_SHARE);
  if (!short) return undefined;
  const each = pools.map((p) => `${p.waitingMean} (max ${p.waitingMax})`).join(', ');
  const busy = pools.map((p) => `${p.busyMean} (max ${p.busyMax})`).join(', ');
  return `database connection pool (queries waiting for a connection, mean per process: ${each}; connections in use of ${POSTGRES_POOL_SIZE}: ${busy})`;
}

/**
 * When the product's own commit → socket-write p99 is low (under the target and at most half the
 * clients' send → delivery p99) while the clients' p99 misses, the deliveries' time is not spent
 * fanning out after the commit: it is spent before it, or in the load generator.
 */
function beforeCommit(step: CapacityStep): string | undefined {
  const p99s = (step.serverMetrics ?? []).flatMap((m) =>
    m.commitToWrite.p99Ms === null ? [] : [m.commitToWrite.p99Ms],
  );
  if (p99s.length === 0 || step.delivery.p99Ms < CAPACITY_TARGET_MS.delivery) return undefined;
  const server = Math.max(...p99s);
  if (server >= CAPACITY_TARGET_MS.delivery || server * 2 > step.delivery.p99Ms) return undefined;
  return (
    `the server's commit → socket write p99 is ${server} ms against the clients' delivery p99 of ${step.delivery.p99Ms} ms: ` +
    'the time is spent before the commit (the send reaching the database and its transaction) or in the load generator'
  );
}

const withNote = (resource: string, note: string | undefined) => (note ? `${resource}; ${note}` : resource);

/**
 * The resource that ran out at a failing step, judged in this order: file descriptors (sockets
 * refused near the process's open-file limit), a load generator at a full core (the measurement,
 * not the product, is the limit), a product process at a full core or its one thread busy most of
 * the time (work arriving in bursts then waits: a room's fan-out, a snapshot), other work on the machine (a
 * noisy run), the machine's cores all busy
 * (product and load generators share them), the event loop stalling without a full core, the
 * PostgreSQL pool (queries waiting for a connection on average, or about all ten in use: measured
 * in the process, after the CPU checks because a saturated process holds its connections longer), and
 * otherwise the database. Where the process's own commit → socket-write p99 is low while the
 * clients' delivery p99 is high, the answer says the time goes before the commit.
 */
export function limitingResource(step: CapacityStep, engine: 'sqlite' | 'postgres'): string {
  const nearFdLimit = step.openFiles.some((f) => f.limit > 0 && f.open >= f.limit * 0.97);
  if (step.failedConnections > 0 && nearFdLimit) return 'file descriptors (the open-file limit of a product process)';
  if (step.cpu.generators.some((cores) => cores >= 0.9)) return 'load generator CPU (the measurement is the limit)';
  if (step.cpu.server.some((cores) => cores >= 0.85)) return 'server CPU (a product process at a full core)';
  const busiest = Math.max(...step.cpu.server);
  if (busiest >= BUSY_THREAD_CORES) {
    return `server CPU (a product process's one thread busy ${Math.round(busiest * 100)} % of the time: requests and deliveries wait behind one another)`;
  }
  if (step.cpu.others >= step.cpu.machineCores * 0.2) {
    return `other work on the machine (${step.cpu.others} cores busy outside the run: a noisy measurement)`;
  }
  const busy =
    step.cpu.server.reduce((a, b) => a + b, 0) +
    step.cpu.generators.reduce((a, b) => a + b, 0) +
    step.cpu.services +
    step.cpu.others;
  if (busy >= step.cpu.machineCores * 0.9)
    return 'machine CPU (every core busy: product, database and load generators)';
  if (step.eventLoop.some((e) => e.p99Ms >= 50)) return 'event-loop delay (the product stalls below a full core)';
  const note = beforeCommit(step);
  const pool = poolShortage(step);
  if (pool) return withNote(pool, note);
  if (engine === 'postgres' && step.cpu.services >= 0.5) return withNote('database (PostgreSQL and Redis CPU)', note);
  return withNote(engine === 'sqlite' ? 'database (SQLite, in the product process)' : 'database (PostgreSQL)', note);
}
