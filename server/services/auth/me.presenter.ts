import type { MeDto } from '../../../shared/api/auth';
import { THEMES, type Theme } from '../../../shared/limits';
import type { ProfileRow } from '../../db/schema';

export function presentMe(profile: ProfileRow): MeDto {
  const theme = (THEMES as readonly string[]).includes(profile.theme_preference)
    ? (profile.theme_preference as Theme)
    : 'system';
  return {
    id: profile.id,
    username: profile.username,
    display_name: profile.display_name,
    avatar_url: profile.avatar_url,
    github_username: profile.github_username,
    theme_preference: theme,
  };
}
