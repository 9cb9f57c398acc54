import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the background connection copies the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;
/** The log file is cut back to this size when it starts over (it is reused, not deleted). */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** SQLite's own default, restored when the background connection is gone. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/**
 * A log this long that a pass could not copy to its end (commits came in meanwhile) is finished
 * on the committing connection, between its transactions, so that the log can start over.
 */
export const CATCH_UP_FRAMES = 1000;
/**
 * The most frames the committing connection copies in one catch-up: it runs on the event loop,
 * about 1 ms (the file's sync) and 45 µs a frame here, so a longer remainder is left to the thread.
 */
export const CATCH_UP_MAX_FRAMES = 100;
/**
 * After a pass over a long log, the thread copies what was committed during it again at once, up
 * to this many times, so that the committing connection's catch-up finds little or nothing left.
 */
const FOLLOW_UP_PASSES = 4;

/**
 * One pass of the background connection: `log` frames in the log, `checkpointed` of them copied,
 * and `arrived` frames committed during the pass before it (0 when it followed none), which it copied
 * (infinite when a short pass could not run, so nothing is known of them).
 */
export interface CheckpointPass {
  busy: number;
  log: number;
  checkpointed: number;
  arrived: number;
}

export interface BackgroundCheckpoints {
  /** Resolves with the next pass reported after the call (a pass may already be under way). */
  nextPass(): Promise<CheckpointPass>;
  /** Ends the background connection; the caller's connection checkpoints by itself again. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  intervalMs?: number;
  catchUpFrames?: number;
  catchUpMaxFrames?: number;
  /** Told when the background connection fails; checkpoints are back on the caller's connection. */
  onFailure?: (error: Error) => void;
}

/**
 * Plain JavaScript run in the worker thread (it is not part of the bundle): opens its own
 * connection to the file and runs a passive checkpoint at every interval, reporting each pass.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
let stopped = false;
const pass = () => {
  if (stopped) return;
  let [row] = db.pragma('wal_checkpoint(PASSIVE)');
  // A pass copies the log as it was when it began. Over a long log, what was committed during it
  // is copied by short passes right after, until one finds little that is new.
  let arrived = 0;
  for (let i = 0; i < workerData.followUps && row.log >= workerData.catchUpFrames; i += 1) {
    const [next] = db.pragma('wal_checkpoint(PASSIVE)');
    // A pass that could not run (another connection's checkpoint) says nothing of what is behind.
    if (next.log < 0) {
      arrived = Number.POSITIVE_INFINITY;
      break;
    }
    arrived = next.log >= row.log ? next.log - row.log : next.log;
    row = next;
    if (arrived <= workerData.catchUpMaxFrames) break;
  }
  parentPort.postMessage({ type: 'pass', pass: { ...row, arrived } });
  timer = setTimeout(pass, workerData.intervalMs);
};
let timer = setTimeout(pass, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopped = true;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Moves SQLite's checkpoints off the event loop. In WAL mode a commit appends the changed pages to
 * the log, and the commit that takes the log past SQLite's threshold also copies the whole log
 * into the database file and syncs it to disk, on the connection that happened to commit: on this
 * server that is the event loop, stalled for milliseconds while every socket waits. Here the
 * caller's connection does not checkpoint by itself; a second connection in a worker thread copies
 * the log in passive mode (writers go on appending meanwhile) every CHECKPOINT_INTERVAL_MS.
 *
 * The log starts over from its beginning only when a write transaction begins with every frame in
 * it copied, which never holds while commits keep coming during the passes: the log would grow
 * without end, and every page read spends longer searching it. So after a pass over a log of
 * CATCH_UP_FRAMES or more, the caller's connection copies the rest itself, between two of its
 * transactions: only what was committed during and after that pass, a few pages, where SQLite's
 * own checkpoint would copy the whole log there. Its next commit starts the log over. The thread
 * first follows such a pass with short passes over what came in meanwhile (each finds less, as
 * each is shorter), and the caller's connection catches up only when the last of them found at
 * most CATCH_UP_MAX_FRAMES new frames and none were left uncopied; otherwise (a bulk import, a
 * long reader) the thread's later passes copy them. When the worker fails, the caller's connection
 * takes checkpoints back (SQLite's default).
 */
export function startBackgroundCheckpoints(
  raw: BetterSqlite3.Database,
  file: string,
  options: CheckpointOptions = {},
): BackgroundCheckpoints {
  raw.pragma('wal_autocheckpoint = 0');
  raw.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      catchUpFrames: options.catchUpFrames ?? CATCH_UP_FRAMES,
      catchUpMaxFrames: options.catchUpMaxFrames ?? CATCH_UP_MAX_FRAMES,
      followUps: FOLLOW_UP_PASSES,
    },
  });
  // The thread does not keep the process alive; the server's own handles do.
  worker.unref();
  const waiters: Array<{ resolve(pass: CheckpointPass): void; reject(error: Error): void }> = [];
  let running = true;

  /** Checkpoints back on the caller's connection, once: false when they already are. */
  const handBack = (reason: Error): boolean => {
    if (!running) return false;
    running = false;
    if (raw.open) raw.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    for (const waiter of waiters.splice(0)) waiter.reject(reason);
    return true;
  };
  const fail = (error: Error) => {
    if (handBack(error)) options.onFailure?.(error);
  };
  const catchUpFrames = options.catchUpFrames ?? CATCH_UP_FRAMES;
  const catchUpMaxFrames = options.catchUpMaxFrames ?? CATCH_UP_MAX_FRAMES;
  worker.on('message', (message: { type: 'pass'; pass: CheckpointPass }) => {
    // The pass copied the log as it was when the pass began; commits made meanwhile follow it.
    // Not inside a transaction of this connection (an awaited one may be open): after the next pass.
    // Nor when much is behind: left uncopied (a reader's snapshot holds it) or committed at a rate
    // that brought many frames during the last pass (a bulk import: copying them here would stall
    // the event loop for seconds); the thread's next passes copy it.
    const { log, checkpointed, arrived } = message.pass;
    const behind = log - checkpointed + arrived;
    if (running && log >= catchUpFrames && behind <= catchUpMaxFrames && raw.open && !raw.inTransaction) {
      try {
        raw.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // Tried again after the next pass; the log is only longer meanwhile.
      }
    }
    for (const waiter of waiters.splice(0)) waiter.resolve(message.pass);
  });
  // An error of the driver's own class arrives as a plain object (its `code` only).
  worker.on('error', (error: unknown) =>
    fail(error instanceof Error ? error : new Error(`checkpoint thread failed: ${JSON.stringify(error)}`)),
  );
  // After stop() nothing is handed back twice: the exit it causes is not a failure.
  worker.on('exit', (code) => fail(new Error(`checkpoint thread ended (exit code ${code})`)));

  return {
    nextPass() {
      if (!running) return Promise.reject(new Error('background checkpoints are not running'));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async stop() {
      if (!handBack(new Error('background checkpoints stopped'))) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held until the thread has closed its connection: a shutdown awaiting this must not end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
