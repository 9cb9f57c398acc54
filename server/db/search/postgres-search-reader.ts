import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { SearchReader, SearchSession } from './search-reader';

/** PostgreSQL's error code for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * PostgreSQL: each search holds one connection of the search pool (`db`, whose connections never
 * plan a sequential scan) and runs every statement with `statement_timeout` set to the time left,
 * so a statement still running at the deadline is cancelled by the server and the search answers
 * with what it found before.
 */
export function createPostgresSearchReader(db: Kysely<Database>): SearchReader {
  return {
    session<T>(deadline: number, run: (session: SearchSession) => Promise<T>): Promise<T> {
      return db.connection().execute(async (connection) => {
        const session: SearchSession = {
          async read(query, options = {}) {
            const left = Math.floor(deadline - Date.now());
            if (left <= 0) return { rows: [], complete: false };
            // Both settings in one round trip (a statement without parameters goes by the simple
            // protocol, which takes several at once); the connection serves searches only.
            await sql
              .raw(`set statement_timeout = ${left}; set enable_bitmapscan = ${options.noBitmapScans ? 'off' : 'on'}`)
              .execute(connection);
            try {
              const result = await connection.executeQuery(query);
              return { rows: [...result.rows], complete: true };
            } catch (error) {
              if ((error as { code?: unknown }).code === QUERY_CANCELED) return { rows: [], complete: false };
              throw error;
            }
          },
        };
        return run(session);
      });
    },
    async close() {
      await db.destroy();
    },
  };
}
