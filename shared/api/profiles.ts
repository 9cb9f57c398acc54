import type { z } from 'zod';
import type {
  languageCountDto,
  ownProfileDto,
  privacySettingsDto,
  publicProfileDto,
  publicStatisticsDto,
  updateProfileBody,
  userContributionDto,
  userRepositoryDto,
} from './profiles.schemas';

/** Profiles: the JSON API contract (own profile, GitHub sync, public profile). */

export const PROFILE_VISIBILITIES = ['public', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** docs/PRODUCT.md §3 privacy settings. The booleans default to true, visibility to public. */
export type PrivacySettingsDto = z.infer<typeof privacySettingsDto>;

export const PRIVACY_FLAGS = [
  'show_github_stats',
  'show_repositories',
  'show_contributions',
  'show_location',
  'show_company',
] as const;
export type PrivacyFlag = (typeof PRIVACY_FLAGS)[number];

export type UserRepositoryDto = z.infer<typeof userRepositoryDto>;

export type UserContributionDto = z.infer<typeof userContributionDto>;

/** GET /api/profile (signed in): the caller's own profile. Never carries the GitHub token or email. */
export type OwnProfileDto = z.infer<typeof ownProfileDto>;

/**
 * PATCH /api/profile: every field optional; only the caller's own profile changes (a body `id` is ignored).
 * An empty username (or display name, bio) clears it. 400 validation_failed with the docs/PRODUCT.md §5 message,
 * 409 conflict 'Username is already taken'.
 */
export type UpdateProfileRequest = z.input<typeof updateProfileBody>;

/** POST /api/profile/sync → the refreshed own profile. 400 no_github_account, 502/503 on GitHub failure. */
export type SyncProfileResponse = OwnProfileDto;

export type LanguageCountDto = z.infer<typeof languageCountDto>;

/** Shown only when the owner allows show_github_stats. */
export type PublicStatisticsDto = z.infer<typeof publicStatisticsDto>;

/**
 * GET /api/users/:idOrUsername (anyone): a public profile. UUID-shaped → id, else username
 * (case-insensitive). Private or missing → 404 'Profile not found or is private'.
 * Hidden parts are null: location/company by show_location/show_company, statistics by
 * show_github_stats, repositories by show_repositories, contributions by show_contributions.
 */
export type PublicProfileDto = z.infer<typeof publicProfileDto>;

export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found or is private';
export const NO_GITHUB_ACCOUNT_MESSAGE = 'Please link your GitHub account first';
export const SYNC_FAILED_MESSAGE = 'Failed to sync GitHub data';
