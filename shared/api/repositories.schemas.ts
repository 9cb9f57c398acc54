import { z } from 'zod';

/** GitHub owner (user or organisation) and repository name rules, loosely: no slashes, no spaces. */
export const repoParamsSchema = z.object({
  owner: z
    .string()
    .min(1)
    .max(39)
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, 'Not a GitHub owner name'),
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, 'Not a GitHub repository name')
    .refine((name) => name !== '.' && name !== '..', 'Not a GitHub repository name'),
});

export const GOOD_FIRST_ISSUES_DEFAULT = 5;
export const GOOD_FIRST_ISSUES_MAX = 10;

export const goodFirstIssuesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(GOOD_FIRST_ISSUES_MAX, `limit must be at most ${GOOD_FIRST_ISSUES_MAX}`)
    .default(GOOD_FIRST_ISSUES_DEFAULT),
});
