import type { z } from 'zod';
import type {
  goodFirstIssuesResponse,
  issueDto,
  repositoryCardDto,
  repositoryDetailsDto,
} from './repositories.schemas';
/** Repository data served from GitHub through our API (docs/PRODUCT.md §3 Repository, Repository details, Issue). */

export type RepositoryCardDto = z.infer<typeof repositoryCardDto>;

/** GET /api/repos/:owner/:name → 200, or 404 when GitHub has no such repository. */
export type RepositoryDetailsDto = z.infer<typeof repositoryDetailsDto>;

export type IssueDto = z.infer<typeof issueDto>;

/** GET /api/repos/:owner/:name/good-first-issues?limit=N (N ≤ 10) → open 'good first issue' items, PRs excluded. */
export type GoodFirstIssuesResponse = z.infer<typeof goodFirstIssuesResponse>;
