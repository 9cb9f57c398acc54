import { z } from 'zod';
import { count, timestamp } from './common.schemas';

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

// ---- Answers ----

/** Why GitHub gave no list: it did not answer, or its rate limit is spent until `reset_at`. */
export const upstreamProblemDto = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('unavailable') }),
    z.strictObject({ kind: z.literal('rate_limited'), reset_at: timestamp.nullable() }),
  ])
  .meta({ id: 'UpstreamProblem', description: 'Why GitHub gave no list.' });

const webAddress = z
  .string()
  .describe('An http(s) address on GitHub; empty when GitHub gave none that is safe to link.');

export const repositoryCardDto = z
  .strictObject({
    id: z.number().int().describe("GitHub's id of the repository."),
    name: z.string(),
    full_name: z.string(),
    description: z.string().nullable(),
    html_url: webAddress,
    language: z.string().nullable(),
    stargazers_count: count,
    forks_count: count,
    owner: z.strictObject({ login: z.string(), avatar_url: webAddress }),
  })
  .meta({ id: 'RepositoryCard', description: 'A GitHub repository as a card shows it.' });

export const repositoryDetailsDto = repositoryCardDto
  .extend({
    default_branch: z.string(),
    open_issues_count: count,
    topics: z.array(z.string()),
    contributors: z
      .array(z.strictObject({ id: z.number().int(), login: z.string(), avatar_url: webAddress }))
      .describe('Up to 10.'),
    releases: z
      .array(z.strictObject({ id: z.number().int(), tag_name: z.string(), html_url: webAddress }))
      .describe('Up to 3, newest first.'),
  })
  .meta({ id: 'RepositoryDetails' });

export const issueDto = z
  .strictObject({
    id: z.number().int(),
    number: z.number().int().min(1),
    title: z.string(),
    html_url: webAddress,
    labels: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'Issue' });

export const goodFirstIssuesResponse = z.strictObject({
  issues: z.array(issueDto),
  upstream_problem: upstreamProblemDto
    .nullable()
    .optional()
    .describe('Set when the list is empty because GitHub failed.'),
});
