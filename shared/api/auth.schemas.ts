import { z } from 'zod';

/** GET /api/auth/github/start?returnTo=/path */
export const signInStartQuery = z.object({ returnTo: z.string().optional() }).partial();
/** GitHub's redirect back: a code and the state, or an error. */
export const signInCallbackQuery = z.object({ code: z.string(), state: z.string(), error: z.string() }).partial();
