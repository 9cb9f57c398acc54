import type { Kysely } from 'kysely';
import { PROFILE_NOT_FOUND_MESSAGE } from '../../../shared/api/profiles';
import { PUBLIC_CONTRIBUTIONS_LIMIT, PUBLIC_REPOSITORIES_LIMIT } from '../../../shared/limits';
import { isUuid } from '../../../shared/text';
import {
  toBool,
  type Database,
  type PublicProfileRow,
  type UserContributionRow,
  type UserRepositoryRow,
} from '../../db/schema';
import { publicProfilesRepository } from '../../db/repositories/public-profiles.repository';
import { userRepositoriesRepository } from '../../db/repositories/user-repositories.repository';
import { userContributionsRepository } from '../../db/repositories/user-contributions.repository';
import { domainErrors } from '../../errors';

export interface PublicProfileData {
  profile: PublicProfileRow;
  /** null when the owner hides them. */
  repositories: UserRepositoryRow[] | null;
  contributions: UserContributionRow[] | null;
}

export function createPublicProfilesService(db: Kysely<Database>) {
  return {
    /** The public profile behind a /user/{handle} address, without its lists; undefined when private or missing. */
    async findProfile(idOrUsername: string): Promise<PublicProfileRow | undefined> {
      const profiles = publicProfilesRepository(db);
      return isUuid(idOrUsername)
        ? profiles.findById(idOrUsername.toLowerCase())
        : profiles.findByUsername(idOrUsername);
    },

    /** UUID-shaped values are ids, anything else a username (any case). Private or missing → 404. */
    async find(idOrUsername: string): Promise<PublicProfileData> {
      const profiles = publicProfilesRepository(db);
      const profile = isUuid(idOrUsername)
        ? await profiles.findById(idOrUsername.toLowerCase())
        : await profiles.findByUsername(idOrUsername);
      if (!profile) throw domainErrors.notFound(PROFILE_NOT_FOUND_MESSAGE);
      const [repositories, contributions] = await Promise.all([
        toBool(profile.show_repositories)
          ? userRepositoriesRepository(db).listByUser(profile.id, PUBLIC_REPOSITORIES_LIMIT)
          : null,
        toBool(profile.show_contributions)
          ? userContributionsRepository(db).listByUser(profile.id, PUBLIC_CONTRIBUTIONS_LIMIT)
          : null,
      ]);
      return { profile, repositories, contributions };
    },
  };
}
export type PublicProfilesService = ReturnType<typeof createPublicProfilesService>;
