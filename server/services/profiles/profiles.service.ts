import type { Kysely } from 'kysely';
import {
  cleanBio,
  cleanDisplayName,
  PROFILE_ERRORS,
  validateBio,
  validateDisplayName,
  validateUsername,
} from '../../../shared/validation/profile';
import type { PrivacySettingsDto } from '../../../shared/api/profiles';
import { PUBLIC_CONTRIBUTIONS_LIMIT, PUBLIC_REPOSITORIES_LIMIT, type Theme } from '../../../shared/limits';
import type { Database, ProfileRow, UserContributionRow, UserRepositoryRow } from '../../db/schema';
import { profilesRepository, type ProfileEditableFields } from '../../db/repositories/profiles.repository';
import { userRepositoriesRepository } from '../../db/repositories/user-repositories.repository';
import { userContributionsRepository } from '../../db/repositories/user-contributions.repository';
import { domainErrors } from '../../errors';
import type { UsernameRules } from './username-rules';

export interface OwnProfileData {
  profile: ProfileRow;
  repositories: UserRepositoryRow[];
  contributions: UserContributionRow[];
}

/** A shape-checked edit; the business rules are applied here. */
export interface ProfileEdit {
  username?: string | null | undefined;
  display_name?: string | null | undefined;
  bio?: string | null | undefined;
  theme_preference?: Theme | undefined;
  privacy_settings?: Partial<PrivacySettingsDto> | undefined;
}

export interface ProfilesServiceDeps {
  db: Kysely<Database>;
  usernames: UsernameRules;
  now: () => number;
}

export function createProfilesService({ db, usernames, now }: ProfilesServiceDeps) {
  async function loadOwn(userId: string): Promise<OwnProfileData> {
    const profile = await profilesRepository(db).findById(userId);
    if (!profile) throw domainErrors.notFound('Profile not found');
    const [repositories, contributions] = await Promise.all([
      userRepositoriesRepository(db).listByUser(userId, PUBLIC_REPOSITORIES_LIMIT),
      userContributionsRepository(db).listByUser(userId, PUBLIC_CONTRIBUTIONS_LIMIT),
    ]);
    return { profile, repositories, contributions };
  }

  return {
    getOwn: loadOwn,

    /**
     * Edits only the caller's own row: the id comes from the session, never from the request. A
     * new username must not pass its owner off as someone else (see username-rules.ts); the name
     * given up is kept for them, in the same transaction as the change.
     */
    async updateOwn(userId: string, edit: ProfileEdit): Promise<OwnProfileData> {
      const fields = toEditableFields(edit);
      const at = new Date(now()).toISOString();
      const username = fields.username;
      const profile = await profilesRepository(db).findById(userId);
      if (!profile) throw domainErrors.notFound('Profile not found');
      if (typeof username === 'string') await usernames.requireAvailable(profile, username);
      await db.transaction().execute(async (trx) => {
        const result = await profilesRepository(trx).updateEditable(userId, fields, at);
        if (result === 'username_taken') throw domainErrors.conflict(PROFILE_ERRORS.usernameTaken);
        if (result === 'not_found') throw domainErrors.notFound('Profile not found');
        if (username !== undefined) await usernames.recordChange(trx, profile, username, at);
      });
      return loadOwn(userId);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

/**
 * Applies docs/PRODUCT.md §5. The username is checked only when non-empty; an empty one clears it (the
 * profile is then reachable by id only). Display names and bios are stored cleaned (no control,
 * bidirectional or unneeded invisible characters); blank ones are stored as null.
 */
export function toEditableFields(edit: ProfileEdit): ProfileEditableFields {
  const fields: ProfileEditableFields = {};
  if (edit.username !== undefined) {
    const username = edit.username ?? '';
    const problem = validateUsername(username);
    if (problem) throw domainErrors.invalid(problem);
    fields.username = username === '' ? null : username;
  }
  if (edit.display_name !== undefined) {
    const displayName = edit.display_name ?? '';
    const problem = validateDisplayName(displayName);
    if (problem) throw domainErrors.invalid(problem);
    fields.display_name = emptyToNull(cleanDisplayName(displayName));
  }
  if (edit.bio !== undefined) {
    const bio = edit.bio ?? '';
    const problem = validateBio(bio);
    if (problem) throw domainErrors.invalid(problem);
    fields.bio = emptyToNull(cleanBio(bio));
  }
  if (edit.theme_preference !== undefined) fields.theme_preference = edit.theme_preference;
  const privacy = edit.privacy_settings;
  if (privacy) {
    if (privacy.show_github_stats !== undefined) fields.show_github_stats = privacy.show_github_stats;
    if (privacy.show_repositories !== undefined) fields.show_repositories = privacy.show_repositories;
    if (privacy.show_contributions !== undefined) fields.show_contributions = privacy.show_contributions;
    if (privacy.show_location !== undefined) fields.show_location = privacy.show_location;
    if (privacy.show_company !== undefined) fields.show_company = privacy.show_company;
    if (privacy.profile_visibility !== undefined) fields.profile_visibility = privacy.profile_visibility;
  }
  return fields;
}

function emptyToNull(cleaned: string): string | null {
  return cleaned === '' ? null : cleaned;
}
