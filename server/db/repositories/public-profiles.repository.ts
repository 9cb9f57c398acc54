import type { Kysely } from 'kysely';
import type { Database, PublicProfileRow } from '../schema';

/** Reads the public_profiles view: private profiles are absent and hidden fields are already null. */
export function publicProfilesRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<PublicProfileRow | undefined> {
      return db.selectFrom('public_profiles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Usernames are unique whatever their case, so the lookup ignores case too. */
    async findByUsername(username: string): Promise<PublicProfileRow | undefined> {
      return db
        .selectFrom('public_profiles')
        .selectAll()
        .where((eb) => eb(eb.fn<string>('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
    },
  };
}
export type PublicProfilesRepository = ReturnType<typeof publicProfilesRepository>;
