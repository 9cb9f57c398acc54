import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database, SessionRow } from '../schema';

const validSession = preparedQuery(2, (db, id: string, nowIso: string) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', nowIso),
);

const VALID_IDS_CHUNK = 500;

export function sessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async findValid(id: string, nowIso: string): Promise<SessionRow | undefined> {
      return validSession.first(db, id, nowIso);
    },
    /** Which of these sessions still exist (one statement per 500 ids). */
    async findValidIds(ids: readonly string[], nowIso: string): Promise<string[]> {
      const valid: string[] = [];
      for (let start = 0; start < ids.length; start += VALID_IDS_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', ids.slice(start, start + VALID_IDS_CHUNK))
          .where('expires_at', '>', nowIso)
          .execute();
        for (const row of rows) valid.push(row.id);
      }
      return valid;
    },
    async touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async deleteExpired(nowIso: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
