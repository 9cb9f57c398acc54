import type {
  LanguageCountDto,
  OwnProfileDto,
  PublicProfileDto,
  UserContributionDto,
  UserRepositoryDto,
} from '../../../shared/api/profiles';
import { PUBLIC_LANGUAGES_LIMIT, THEMES, type Theme } from '../../../shared/limits';
import { toBool, type UserContributionRow, type UserRepositoryRow } from '../../db/schema';
import type { OwnProfileData } from './profiles.service';
import type { PublicProfileData } from './public-profiles.service';

/** The owner's view: everything they can edit or see about themselves; never the token or email. */
export function presentOwnProfile({ profile, repositories, contributions }: OwnProfileData): OwnProfileDto {
  return {
    id: profile.id,
    username: profile.username,
    display_name: profile.display_name,
    bio: profile.bio,
    theme_preference: asTheme(profile.theme_preference),
    privacy_settings: {
      show_github_stats: toBool(profile.show_github_stats),
      show_repositories: toBool(profile.show_repositories),
      show_contributions: toBool(profile.show_contributions),
      show_location: toBool(profile.show_location),
      show_company: toBool(profile.show_company),
      profile_visibility: profile.profile_visibility === 'private' ? 'private' : 'public',
    },
    github_username: profile.github_username,
    github_url: profile.github_url,
    github_created_at: profile.github_created_at,
    avatar_url: profile.avatar_url,
    company: profile.company,
    location: profile.location,
    blog: profile.blog,
    github_bio: profile.github_bio,
    public_repos: profile.public_repos,
    followers: profile.followers,
    following: profile.following,
    contribution_streak: profile.contribution_streak,
    language_stats: parseLanguageStats(profile.language_stats),
    github_synced_at: profile.github_synced_at,
    repositories: repositories.map(presentRepository),
    contributions: contributions.map(presentContribution),
  };
}

/** The visitor's view, built from the public_profiles view (which already nulls hidden fields). */
export function presentPublicProfile({ profile, repositories, contributions }: PublicProfileData): PublicProfileDto {
  return {
    id: profile.id,
    username: profile.username,
    display_name: profile.display_name,
    bio: profile.bio,
    avatar_url: profile.avatar_url,
    github_username: profile.github_username,
    github_url: profile.github_url,
    github_created_at: profile.github_created_at,
    location: profile.location,
    company: profile.company,
    statistics: toBool(profile.show_github_stats)
      ? {
          public_repos: profile.public_repos ?? 0,
          followers: profile.followers ?? 0,
          following: profile.following ?? 0,
          contribution_streak: profile.contribution_streak ?? 0,
          top_languages: topLanguages(parseLanguageStats(profile.language_stats)),
        }
      : null,
    repositories: repositories ? repositories.map(presentRepository) : null,
    contributions: contributions ? contributions.map(presentContribution) : null,
  };
}

export function presentRepository(row: UserRepositoryRow): UserRepositoryDto {
  return {
    id: row.id,
    repo_name: row.repo_name,
    repo_url: row.repo_url,
    description: row.description,
    language: row.language,
    stars_count: row.stars_count,
    forks_count: row.forks_count,
  };
}

export function presentContribution(row: UserContributionRow): UserContributionDto {
  return {
    id: row.id,
    repo_full_name: row.repo_full_name,
    contribution_type: row.contribution_type,
    contribution_count: row.contribution_count,
  };
}

/** Most used first (ties by name), at most 6. */
export function topLanguages(stats: Record<string, number>, limit = PUBLIC_LANGUAGES_LIMIT): LanguageCountDto[] {
  return Object.entries(stats)
    .map(([language, count]) => ({ language, count }))
    .sort((a, b) => b.count - a.count || a.language.localeCompare(b.language))
    .slice(0, limit);
}

/** language_stats is stored as JSON text; anything malformed reads as no data. */
export function parseLanguageStats(json: string | null): Record<string, number> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const stats: Record<string, number> = {};
    for (const [language, count] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof count === 'number' && Number.isFinite(count) && count > 0) stats[language] = count;
    }
    return stats;
  } catch {
    return {};
  }
}

function asTheme(value: string): Theme {
  return (THEMES as readonly string[]).includes(value) ? (value as Theme) : 'system';
}
