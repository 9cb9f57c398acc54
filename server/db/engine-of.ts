import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';
import type { DatabaseEngine } from './database';

/**
 * Which engine a Kysely handle (or a transaction of it) talks to, for the few statements that must
 * differ: full-text search is FTS5 on SQLite and tsvector on PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations pass an untyped handle
export function engineOf(db: Kysely<any>): DatabaseEngine {
  // getExecutor() is marked internal in Kysely 0.28 (pinned); see prepared-query.ts.
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new Error('unsupported database adapter');
}
