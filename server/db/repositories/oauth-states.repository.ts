import type { Kysely, Selectable } from 'kysely';
import type { Database, OAuthStatesTable } from '../schema';

export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** Pending OAuth sign-ins (state → PKCE verifier, browser binding, return path). */
export function oauthStatesRepository(db: Kysely<Database>) {
  return {
    async insert(row: OAuthStateRow): Promise<void> {
      await db.insertInto('oauth_states').values(row).execute();
    },
    /**
     * Removes and returns the pending sign-in in one statement: of two callbacks racing with
     * the same state, only one gets the row.
     */
    async take(id: string): Promise<OAuthStateRow | undefined> {
      return db.deleteFrom('oauth_states').where('id', '=', id).returningAll().executeTakeFirst();
    },
    async deleteExpired(nowIso: string): Promise<number> {
      const result = await db.deleteFrom('oauth_states').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type OAuthStatesRepository = ReturnType<typeof oauthStatesRepository>;
