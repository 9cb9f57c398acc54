import type { Theme } from '../limits';

/** GET /api/me: the signed-in user (401 when signed out). */
export interface MeDto {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  github_username: string | null;
  theme_preference: Theme;
}

/** GET /api/config: what the client needs to know about this deployment. */
export interface SiteConfigDto {
  publicUrl: string;
  githubMode: 'live' | 'emulated';
  githubWebUrl: string;
}
