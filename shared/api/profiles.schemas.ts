import { z } from 'zod';
import { PROFILE_VISIBILITIES } from './profiles';
import { THEMES } from '../limits';
import { count, entityId } from './common.schemas';

/**
 * Shape of PATCH /api/profile. Unknown keys (an `id`, say) are dropped: the profile edited is
 * always the caller's. Length and content rules run afterwards with the messages of docs/PRODUCT.md §5 (the
 * request body limit bounds the sizes).
 */
export const updateProfileBody = z.object({
  username: z.string().nullable().optional(),
  display_name: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  theme_preference: z.enum(THEMES, { message: 'Theme must be light, dark or system' }).optional(),
  privacy_settings: z
    .object({
      show_github_stats: z.boolean().optional(),
      show_repositories: z.boolean().optional(),
      show_contributions: z.boolean().optional(),
      show_location: z.boolean().optional(),
      show_company: z.boolean().optional(),
      profile_visibility: z
        .enum(PROFILE_VISIBILITIES, { message: 'Profile visibility must be public or private' })
        .optional(),
    })
    .optional(),
});

export const publicProfileParams = z.object({
  idOrUsername: z.string().min(1).max(100),
});

// ---- Answers ----

export const privacySettingsDto = z
  .strictObject({
    show_github_stats: z.boolean(),
    show_repositories: z.boolean(),
    show_contributions: z.boolean(),
    show_location: z.boolean(),
    show_company: z.boolean(),
    profile_visibility: z.enum(PROFILE_VISIBILITIES),
  })
  .meta({
    id: 'PrivacySettings',
    description: 'What a public profile shows. The booleans default to true, visibility to public.',
  });

export const userRepositoryDto = z
  .strictObject({
    id: z.string(),
    repo_name: z.string(),
    repo_url: z.string(),
    description: z.string().nullable(),
    language: z.string().nullable(),
    stars_count: count,
    forks_count: count,
  })
  .meta({ id: 'UserRepository' });

export const userContributionDto = z
  .strictObject({
    id: z.string(),
    repo_full_name: z.string(),
    contribution_type: z.string().describe('GitHub event type, e.g. PushEvent, PullRequestEvent.'),
    contribution_count: count,
  })
  .meta({ id: 'UserContribution' });

export const ownProfileDto = z
  .strictObject({
    id: entityId,
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    bio: z.string().nullable(),
    theme_preference: z.enum(THEMES),
    privacy_settings: privacySettingsDto,
    github_username: z.string().nullable(),
    github_url: z.string().nullable(),
    github_created_at: z.string().nullable(),
    avatar_url: z.string().nullable(),
    company: z.string().nullable(),
    location: z.string().nullable(),
    blog: z.string().nullable(),
    github_bio: z.string().nullable(),
    public_repos: count,
    followers: count,
    following: count,
    contribution_streak: count,
    language_stats: z.record(z.string(), count).describe("Language → number of the user's repositories written in it."),
    github_synced_at: z.string().nullable(),
    repositories: z.array(userRepositoryDto).describe('Up to 12, most stars first.'),
    contributions: z.array(userContributionDto).describe('Up to 10, highest count first.'),
  })
  .meta({
    id: 'OwnProfile',
    description: "The caller's own profile. Never carries the GitHub token or email.",
  });

export const languageCountDto = z.strictObject({ language: z.string(), count });

export const publicStatisticsDto = z
  .strictObject({
    public_repos: count,
    followers: count,
    following: count,
    contribution_streak: count,
    top_languages: z.array(languageCountDto).describe('Up to 6, most repositories first.'),
  })
  .meta({ id: 'PublicStatistics', description: 'Shown only when the owner allows show_github_stats.' });

export const publicProfileDto = z
  .strictObject({
    id: entityId,
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    bio: z.string().nullable(),
    avatar_url: z.string().nullable(),
    github_username: z.string().nullable(),
    github_url: z.string().nullable(),
    github_created_at: z.string().nullable(),
    location: z.string().nullable().describe('Null when hidden by show_location.'),
    company: z.string().nullable().describe('Null when hidden by show_company.'),
    statistics: publicStatisticsDto.nullable().describe('Null when hidden by show_github_stats.'),
    repositories: z
      .array(userRepositoryDto)
      .nullable()
      .describe('Up to 12, most stars first; null when hidden by show_repositories.'),
    contributions: z
      .array(userContributionDto)
      .nullable()
      .describe('Up to 10, highest count first; null when hidden by show_contributions.'),
  })
  .meta({ id: 'PublicProfile' });
