import { z } from 'zod';
import { THEMES } from '../limits';
import { entityId } from './common.schemas';

/** GET /api/auth/github/start?returnTo=/path */
export const signInStartQuery = z
  .object({
    returnTo: z.string().optional(),
    /** 'issues': also ask GitHub for the scope that opens issues ("Create issue"). */
    scope: z.enum(['issues']).optional(),
  })
  .partial();
/** GitHub's redirect back: a code and the state, or an error. */
export const signInCallbackQuery = z.object({ code: z.string(), state: z.string(), error: z.string() }).partial();

// ---- Answers ----

/** GET /api/me: the signed-in user. */
export const meDto = z
  .strictObject({
    id: entityId,
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    github_username: z.string().nullable(),
    theme_preference: z.enum(THEMES),
  })
  .meta({ id: 'Me' });

/** GET /api/config: what the client needs to know about this deployment. */
export const siteConfigDto = z
  .strictObject({
    publicUrl: z.string(),
    githubMode: z.enum(['live', 'emulated']),
    githubWebUrl: z.string(),
  })
  .meta({ id: 'SiteConfig' });
