import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { NamedStatements } from './postgres-named-statements';
import { SchemaScopedPostgresDialect } from './schema-scoped-introspector';
import { startBackgroundCheckpoints, type BackgroundCheckpoints } from './sqlite-checkpointer';
import { createPostgresSearchReader } from './search/postgres-search-reader';
import { createInThreadSearchReader, type SearchReader } from './search/search-reader';
import { createSqliteSearchWorkers } from './search/sqlite-search-workers';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For message search only, off the event loop. PostgreSQL: a few connections of their own whose
   * planner never picks a sequential scan of a table (a search read that way costs the whole
   * table; the indexes always answer). SQLite: worker threads with read-only connections.
   */
  searchReader: SearchReader;
  engine: DatabaseEngine;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  /** PostgreSQL only: connection pool counts, for metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** SQLite file only: the connection that copies the write-ahead log into the file. */
  checkpoints?: BackgroundCheckpoints;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: schema to use (created if missing); lets test runs share one database. */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** SQLite file only: told when checkpoints could not run in the background (see sqlite-checkpointer). */
  onCheckpointFailure?: (error: Error) => void;
}

// int8 (count(*), bigint ids) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function parseDatabaseUrl(url: string): { engine: DatabaseEngine; location: string } {
  if (url.startsWith('sqlite:')) {
    const location = url.slice('sqlite:'.length);
    if (!location) throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/reporooms.db');
    return { engine: 'sqlite', location };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { engine: 'postgres', location: url };
  }
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const { engine, location } = parseDatabaseUrl(url);
  return engine === 'sqlite' ? openSqlite(location, options) : openPostgres(location, options);
}

function openSqlite(location: string, options: OpenDatabaseOptions): DatabaseHandle {
  if (location !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(location)), { recursive: true });
  const raw = new BetterSqlite3(location);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // Deleted rows and replaced values are overwritten with zeros, not merely marked free: a deleted
  // message's text cannot be recovered from the database file.
  raw.pragma('secure_delete = ON');
  // Savepoint journals (a group commit takes one per send), sorts and temporary tables stay in
  // memory: otherwise a transaction whose savepoints journal more than 64 KiB of pages spills to a
  // temporary file that is created, written and removed again on every commit.
  raw.pragma('temp_store = MEMORY');
  const checkpoints =
    location === ':memory:'
      ? undefined
      : startBackgroundCheckpoints(raw, path.resolve(location), { onFailure: options.onCheckpointFailure });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withBooleanBinding(raw) }) });
  const searchReader =
    location === ':memory:' ? createInThreadSearchReader(db) : createSqliteSearchWorkers(path.resolve(location));
  return {
    db,
    searchReader,
    engine: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    checkpoints,
    async close() {
      await searchReader.close();
      // The last connection to close copies the whole log into the file and removes it.
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const schemaOption = schema ? `-c search_path="${schema}"` : undefined;
  const pool = postgresPool(url, options.poolSize ?? 10, schemaOption);
  const searchPool = postgresPool(
    url,
    SEARCH_POOL_SIZE,
    [schemaOption, '-c enable_seqscan=off'].filter(Boolean).join(' '),
  );
  const dialect = (on: pg.Pool) =>
    schema ? new SchemaScopedPostgresDialect({ pool: on }, schema) : new PostgresDialect({ pool: on });
  const db = new Kysely<Database>({ dialect: dialect(pool) });
  const searchReader = createPostgresSearchReader(new Kysely<Database>({ dialect: dialect(searchPool) }));
  return {
    db,
    searchReader,
    engine: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([db.destroy(), searchReader.close()]);
    },
  };
}

/** Connections for full-text search (DatabaseHandle.searchReader) on PostgreSQL. */
const SEARCH_POOL_SIZE = 4;

function postgresPool(url: string, max: number, options: string | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    ...(options ? { options } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A checked-out client (mid-transaction) has no pool listener: its 'error' would be unhandled and
  // kill the process when the server goes away. The failed query still rejects; the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const statements = new NamedStatements();
  pool.on('connect', (client) => statements.attach(client));
  return pool;
}

/** How many distinct SQL texts keep a prepared statement (queries with long IN lists vary). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Adapts better-sqlite3 for Kysely: booleans are bound as 1/0 (the driver refuses JS booleans),
 * and prepared statements are reused per SQL text (least recently used dropped first). Preparing
 * is the costliest step of a small query, and each native statement holds memory until collected.
 */
function withBooleanBinding(raw: BetterSqlite3.Database): SqliteDatabase {
  const convert = (params: ReadonlyArray<unknown>): unknown[] =>
    params.map((p) => (p === true ? 1 : p === false ? 0 : p));
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (query: string): BetterSqlite3.Statement => {
    const cached = statements.get(query);
    // A statement still iterating cannot run again: prepare a private one for this use.
    if (cached && cached.busy) return raw.prepare(query);
    if (cached) {
      statements.delete(query);
      statements.set(query, cached);
      return cached;
    }
    const statement = raw.prepare(query);
    statements.set(query, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      raw.close();
    },
    prepare(query: string): SqliteStatement {
      const statement = prepared(query);
      return {
        get reader() {
          return statement.reader;
        },
        all: (params) => statement.all(...convert(params)),
        run: (params) => statement.run(...convert(params)),
        iterate: (params) => statement.iterate(...convert(params)),
      };
    },
  };
}
