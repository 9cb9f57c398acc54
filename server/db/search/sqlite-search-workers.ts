import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { sqliteParameters, type SearchRead, type SearchReader, type SearchSession } from './search-reader';

/**
 * Worker threads reading searches (each with its own read-only connection): one per core beyond
 * the server's own, at most two (on two cores, one: the other stays with the event loop).
 */
export const SQLITE_SEARCH_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * The worker's code, plain JavaScript evaluated by Node (the server is bundled into one file, and
 * a worker needs a script of its own). It opens the database file read-only and answers each
 * statement with its rows, stepping them one at a time and stopping at the deadline.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// Searches are background work: on Linux this thread yields the CPU to the server's event loop
// (a nice value of its own; elsewhere it keeps the process's).
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
parentPort.postMessage({ ready: true });
const statements = new Map();
function prepared(text) {
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
    if (statements.size > 200) statements.delete(statements.keys().next().value);
  }
  return statement;
}
parentPort.on('message', ({ id, sql, parameters, deadline }) => {
  try {
    if (Date.now() >= deadline) return parentPort.postMessage({ id, rows: [], complete: false });
    const rows = [];
    let complete = true;
    for (const row of prepared(sql).iterate(...parameters)) {
      rows.push(row);
      if (Date.now() >= deadline) {
        complete = false;
        break;
      }
    }
    parentPort.postMessage({ id, rows, complete });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface Job {
  id: number;
  sql: string;
  parameters: unknown[];
  deadline: number;
  settle(answer: WorkerAnswer): void;
}

interface WorkerAnswer {
  ready?: true;
  id: number;
  rows?: unknown[];
  complete?: boolean;
  error?: string;
}

interface Slot {
  worker: Worker;
  busy: Job | undefined;
  /** Settles when the worker has opened its connection. */
  ready: Promise<void>;
}

/**
 * SQLite: searches run on worker threads, never on the server's event loop (a search reading many
 * index pages would stall every other request for its duration). Workers start with the first
 * search; a statement waits for a free worker, and one whose deadline passes while it waits does
 * not run. `close` ends the threads (the app closes it with the database).
 */
export function createSqliteSearchWorkers(file: string, size = SQLITE_SEARCH_WORKERS): SearchReader {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    // A worker never keeps the process alive on its own; close() ends it.
    worker.unref();
    let opened = (): void => undefined;
    const slot: Slot = { worker, busy: undefined, ready: new Promise((resolve) => (opened = resolve)) };
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.ready) return opened();
      const job = slot.busy;
      slot.busy = undefined;
      if (job && job.id === answer.id) job.settle(answer);
      pump();
    });
    const fail = (error: unknown) => {
      opened();
      const job = slot.busy;
      slot.busy = undefined;
      slots.splice(slots.indexOf(slot), 1);
      job?.settle({ id: job.id, error: `search worker failed: ${String(error)}` });
      pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(`exit ${code}`);
    });
    slots.push(slot);
    return slot;
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => s.busy === undefined) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters, deadline: job.deadline });
    }
  }

  function read<R>(query: CompiledQuery<R>, deadline: number): Promise<SearchRead<R>> {
    if (closed) return Promise.reject(new Error('search workers are closed'));
    if (Date.now() >= deadline) return Promise.resolve({ rows: [], complete: false });
    return new Promise((resolve, reject) => {
      queue.push({
        id: nextId++,
        sql: query.sql,
        parameters: sqliteParameters(query.parameters),
        deadline,
        settle: (answer) =>
          answer.error !== undefined
            ? reject(new Error(answer.error))
            : resolve({ rows: (answer.rows ?? []) as R[], complete: answer.complete === true }),
      });
      pump();
    });
  }

  /** Starts the workers the first time; resolves once each has its connection open. */
  async function started(): Promise<void> {
    while (!closed && slots.length < size) start();
    await Promise.all(slots.map((slot) => slot.ready));
  }

  return {
    async session<T>(deadline: number, run: (session: SearchSession) => Promise<T>): Promise<T> {
      // A worker's start (a thread, the driver, the connection) is not counted against the search.
      const waitFrom = Date.now();
      await started();
      const due = deadline + (Date.now() - waitFrom);
      return run({ read: (query) => read(query, due) });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.settle({ id: job.id, error: 'search workers are closed' });
      const ending = slots.splice(0);
      for (const slot of ending) slot.busy?.settle({ id: slot.busy.id, error: 'search workers are closed' });
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}
