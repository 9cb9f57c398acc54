import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database, SessionRow } from '../schema';

const validSession = preparedQuery(2, (db, id: string, nowIso: string) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', nowIso),
);

export function sessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    async findValid(id: string, nowIso: string): Promise<SessionRow | undefined> {
      return validSession.first(db, id, nowIso);
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
