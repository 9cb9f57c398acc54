import { z } from 'zod';
import { API_ERROR_CODES } from './errors';

/** Body of every error answer from the API. */
export const apiErrorResponse = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(API_ERROR_CODES),
      message: z.string().describe('Written for the user: the client shows it as it is.'),
      retryAfterSeconds: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('A limit of ours was reached (429): when to try again. The Retry-After header says the same.'),
      resetAt: z
        .string()
        .nullable()
        .optional()
        .describe("GitHub's rate limit: when it resets (ISO time), or null when GitHub did not say."),
      reason: z
        .string()
        .optional()
        .describe('A machine-readable reason a client can branch on (for example `muted` or `no_github_account`).'),
    }),
  })
  .meta({ id: 'ApiError', description: 'Body of every error answer.' });
