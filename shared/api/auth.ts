import type { z } from 'zod';
import type { meDto, siteConfigDto } from './auth.schemas';

/** GET /api/me: the signed-in user (401 when signed out). */
export type MeDto = z.infer<typeof meDto>;

/** GET /api/config: what the client needs to know about this deployment. */
export type SiteConfigDto = z.infer<typeof siteConfigDto>;
