import { CAPACITY_TARGET_MS, type CapacityStep } from './capacity-types';

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

/**
 * The resource that ran out at a failing step, judged in this order: file descriptors (sockets
 * refused near the process's open-file limit), a load generator at a full core (the measurement,
 * not the product, is the limit), a product process at a full core or its one thread busy most of
 * the time (work arriving in bursts then waits: a room's fan-out, a snapshot), other work on the machine (a
 * noisy run), the machine's cores all busy
 * (product and load generators share them), the event loop stalling without a full core, and
 * otherwise the database.
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
  if (engine === 'postgres' && step.cpu.services >= 0.5) return 'database (PostgreSQL and Redis CPU)';
  return engine === 'sqlite' ? 'database (SQLite, in the product process)' : 'database (PostgreSQL)';
}
