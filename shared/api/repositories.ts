import type { UpstreamProblem } from './discovery';
/** Repository data served from GitHub through our API (docs/PRODUCT.md §3 Repository, Repository details, Issue). */

export interface RepositoryCardDto {
  id: number;
  name: string;
  full_name: string;
  description: string | null;
  html_url: string;
  language: string | null;
  stargazers_count: number;
  forks_count: number;
  owner: { login: string; avatar_url: string };
}

/** GET /api/repos/:owner/:name → 200, or 404 when GitHub has no such repository. */
export interface RepositoryDetailsDto extends RepositoryCardDto {
  default_branch: string;
  open_issues_count: number;
  topics: string[];
  /** Up to 10. */
  contributors: Array<{ id: number; login: string; avatar_url: string }>;
  /** Up to 3, newest first. */
  releases: Array<{ id: number; tag_name: string; html_url: string }>;
}

export interface IssueDto {
  id: number;
  number: number;
  title: string;
  html_url: string;
  labels: Array<{ id: number; name: string }>;
}

/** GET /api/repos/:owner/:name/good-first-issues?limit=N (N ≤ 10) → open 'good first issue' items, PRs excluded. */
export interface GoodFirstIssuesResponse {
  issues: IssueDto[];
  /** Set when the list is empty because GitHub failed (see DiscoveryListResponse). */
  upstream_problem?: UpstreamProblem | null;
}
