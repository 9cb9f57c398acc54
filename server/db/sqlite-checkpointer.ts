import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The latest checkpoint the background thread ran: WAL frames in the log and frames copied back. */
export interface CheckpointReading {
  runs: number;
  logFrames: number;
  checkpointedFrames: number;
}

export interface SqliteCheckpointer {
  /** What the last checkpoint saw (zeros before the first). */
  latest(): CheckpointReading;
  /** Stops the thread and closes its connection. */
  stop(): Promise<void>;
}

/** How often the background thread copies the write-ahead log back into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

// Plain CommonJS run by the worker thread: no loader, no build step, the same driver as the server.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
let runs = 0;
const timer = setInterval(() => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    runs += 1;
    parentPort.postMessage({ runs, logFrames: row.log, checkpointedFrames: row.checkpointed });
  } catch {
    // The database is busy or going away: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a SQLite database in WAL mode from a worker thread. SQLite's automatic checkpoint
 * runs inside the COMMIT that crosses its threshold, on the thread that commits: the server's event
 * loop, stalled for the milliseconds it takes to copy a thousand pages. With automatic checkpoints
 * off on the server's connection, a passive checkpoint every quarter second on another connection
 * and thread does that copying, never blocking a writer, and the log restarts from its beginning
 * once it has been copied.
 */
export function startSqliteCheckpointer(file: string): SqliteCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // Never what keeps a process alive.
  worker.unref();
  let latest: CheckpointReading = { runs: 0, logFrames: 0, checkpointedFrames: 0 };
  worker.on('message', (reading: CheckpointReading) => {
    latest = reading;
  });
  worker.on('error', () => undefined);
  let stopped: Promise<void> | undefined;
  return {
    latest: () => latest,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        // Held until the thread has ended: a caller awaiting this keeps the process alive.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        // A thread that does not answer is ended.
        setTimeout(() => void worker.terminate(), 2000).unref();
      });
      return stopped;
    },
  };
}
