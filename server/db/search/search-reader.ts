import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../schema';

/** What one read statement of a search produced before its deadline. */
export interface SearchRead<R> {
  rows: R[];
  /** False when the statement was stopped (or never started) at the deadline: there may be more rows. */
  complete: boolean;
}

export interface SearchReadOptions {
  /** PostgreSQL: plan without bitmap scans (a walk of rooms in order, stopping at the page's end). */
  noBitmapScans?: boolean;
}

/** The statements of one search, all due by one deadline. */
export interface SearchSession {
  read<R>(query: CompiledQuery<R>, options?: SearchReadOptions): Promise<SearchRead<R>>;
}

/**
 * Where message searches run, off the server's event loop: on SQLite a worker thread with its own
 * read-only connection (sqlite-search-workers.ts), on PostgreSQL connections of their own, each
 * statement cut off by `statement_timeout` at the deadline (postgres-search-reader.ts).
 */
export interface SearchReader {
  /** Runs one search; `deadline` is a `Date.now()` time after which no statement runs on. */
  session<T>(deadline: number, run: (session: SearchSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Rows in a statement's answer are plain objects; booleans go to SQLite as 1 and 0. */
export function sqliteParameters(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((p) => (p === true ? 1 : p === false ? 0 : p));
}

/**
 * Statements on the server's own connection, for a SQLite database in memory (no file a worker
 * could open); the deadline is checked before each statement.
 */
export function createInThreadSearchReader(db: Kysely<Database>): SearchReader {
  return {
    session<T>(deadline: number, run: (session: SearchSession) => Promise<T>): Promise<T> {
      return run({
        async read<R>(query: CompiledQuery<R>) {
          if (Date.now() >= deadline) return { rows: [], complete: false };
          const result = await db.executeQuery(query);
          return { rows: [...result.rows], complete: true };
        },
      });
    },
    async close() {},
  };
}
