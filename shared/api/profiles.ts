import type { z } from 'zod';
import type { updateProfileBody } from './profiles.schemas';
/** Profiles: the JSON API contract (own profile, GitHub sync, public profile). */
import type { Theme } from '../limits';

export type ProfileVisibility = 'public' | 'private';
export const PROFILE_VISIBILITIES = ['public', 'private'] as const;

/** docs/PRODUCT.md §3 privacy settings. The booleans default to true, visibility to public. */
export interface PrivacySettingsDto {
  show_github_stats: boolean;
  show_repositories: boolean;
  show_contributions: boolean;
  show_location: boolean;
  show_company: boolean;
  profile_visibility: ProfileVisibility;
}

export const PRIVACY_FLAGS = [
  'show_github_stats',
  'show_repositories',
  'show_contributions',
  'show_location',
  'show_company',
] as const;
export type PrivacyFlag = (typeof PRIVACY_FLAGS)[number];

export interface UserRepositoryDto {
  id: string;
  repo_name: string;
  repo_url: string;
  description: string | null;
  language: string | null;
  stars_count: number;
  forks_count: number;
}

export interface UserContributionDto {
  id: string;
  repo_full_name: string;
  /** GitHub event type, e.g. PushEvent, PullRequestEvent. */
  contribution_type: string;
  contribution_count: number;
}

/** GET /api/profile (signed in): the caller's own profile. Never carries the GitHub token or email. */
export interface OwnProfileDto {
  id: string;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  theme_preference: Theme;
  privacy_settings: PrivacySettingsDto;
  github_username: string | null;
  github_url: string | null;
  github_created_at: string | null;
  avatar_url: string | null;
  company: string | null;
  location: string | null;
  blog: string | null;
  github_bio: string | null;
  public_repos: number;
  followers: number;
  following: number;
  contribution_streak: number;
  /** Language → number of the user's repositories written in it. */
  language_stats: Record<string, number>;
  github_synced_at: string | null;
  /** Up to 12, most stars first. */
  repositories: UserRepositoryDto[];
  /** Up to 10, highest count first. */
  contributions: UserContributionDto[];
}

/**
 * PATCH /api/profile: every field optional; only the caller's own profile changes (a body `id` is ignored).
 * An empty username (or display name, bio) clears it. 400 validation_failed with the docs/PRODUCT.md §5 message,
 * 409 conflict 'Username is already taken'.
 */
export type UpdateProfileRequest = z.input<typeof updateProfileBody>;

/** POST /api/profile/sync {} → the refreshed own profile. 400 no_github_account, 502/503 on GitHub failure. */
export type SyncProfileResponse = OwnProfileDto;

export interface LanguageCountDto {
  language: string;
  count: number;
}

/** Shown only when the owner allows show_github_stats. */
export interface PublicStatisticsDto {
  public_repos: number;
  followers: number;
  following: number;
  contribution_streak: number;
  /** Up to 6, most repositories first. */
  top_languages: LanguageCountDto[];
}

/**
 * GET /api/users/:idOrUsername (anyone): a public profile. UUID-shaped → id, else username
 * (case-insensitive). Private or missing → 404 'Profile not found or is private'.
 * Hidden parts are null: location/company by show_location/show_company, statistics by
 * show_github_stats, repositories by show_repositories, contributions by show_contributions.
 */
export interface PublicProfileDto {
  id: string;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  github_username: string | null;
  github_url: string | null;
  github_created_at: string | null;
  location: string | null;
  company: string | null;
  statistics: PublicStatisticsDto | null;
  /** Up to 12, most stars first. */
  repositories: UserRepositoryDto[] | null;
  /** Up to 10, highest count first. */
  contributions: UserContributionDto[] | null;
}

export const PROFILE_NOT_FOUND_MESSAGE = 'Profile not found or is private';
export const NO_GITHUB_ACCOUNT_MESSAGE = 'Please link your GitHub account first';
export const SYNC_FAILED_MESSAGE = 'Failed to sync GitHub data';
