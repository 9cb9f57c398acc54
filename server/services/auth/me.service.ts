import type { Kysely } from 'kysely';
import type { MeDto } from '../../../shared/api/auth';
import type { Database } from '../../db/schema';
import { accountsRepository } from '../../db/repositories/accounts.repository';
import { presentMe } from './me.presenter';

/** The signed-in user as the page header and menus know them. */
export function createMeService(db: Kysely<Database>) {
  const accounts = accountsRepository(db);
  return {
    /** undefined when the profile behind a live session is gone. */
    async me(userId: string): Promise<MeDto | undefined> {
      const profile = await accounts.findById(userId);
      return profile ? presentMe(profile) : undefined;
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
