import { z } from 'zod';
import { PROFILE_VISIBILITIES } from './profiles';
import { THEMES } from '../limits';

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
