/** The subset of GitHub's payloads the product reads (docs/GITHUB.md §2). */
export interface GitHubOwner {
  login: string;
  id: number;
  avatar_url: string;
}

export interface GitHubRepository {
  id: number;
  name: string;
  full_name: string;
  owner: GitHubOwner;
  description: string | null;
  html_url: string;
  language: string | null;
  stargazers_count: number;
  forks_count: number;
  open_issues_count: number;
  topics?: string[];
  fork: boolean;
  archived: boolean;
  default_branch: string;
  created_at: string;
  pushed_at: string | null;
  /** The caller's access, present when the repository is read with a user's token. */
  permissions?: GitHubRepositoryPermissions;
}

export interface GitHubRepositoryPermissions {
  admin: boolean;
  maintain?: boolean;
  push: boolean;
  triage?: boolean;
  pull: boolean;
}

export interface GitHubSearchResult<T> {
  total_count: number;
  incomplete_results: boolean;
  items: T[];
}

export interface GitHubContributor {
  id: number;
  login: string;
  avatar_url: string;
  html_url: string;
  contributions: number;
}

export interface GitHubRelease {
  id: number;
  tag_name: string;
  name: string | null;
  html_url: string;
  published_at: string | null;
  prerelease: boolean;
  draft: boolean;
}

export interface GitHubLabel {
  id: number;
  name: string;
  color?: string;
}

export interface GitHubIssue {
  id: number;
  number: number;
  title: string;
  html_url: string;
  labels: GitHubLabel[];
  created_at: string;
  pull_request?: unknown;
}

/** GET /repos/{o}/{r}/issues/{n}: an issue, or a pull request (with `pull_request` and `draft`). */
export interface GitHubIssueDetail {
  number: number;
  title: string;
  state: 'open' | 'closed';
  html_url: string;
  draft?: boolean;
  pull_request?: { merged_at?: string | null } | null;
}

export interface GitHubUser {
  login: string;
  id: number;
  avatar_url: string;
  html_url: string;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  email: string | null;
  bio: string | null;
  public_repos: number;
  followers: number;
  following: number;
  created_at: string;
}

export interface GitHubEvent {
  id: string;
  type: string;
  repo: { name: string };
  created_at: string;
  payload?: Record<string, unknown>;
}

export interface ContributionDay {
  date: string;
  contributionCount: number;
}

/** GET /repos/{o}/{r}/contents/{path}: a file (a directory answers an array). */
export interface GitHubFileContents {
  type: string;
  size: number;
  encoding?: string;
  content?: string;
  html_url?: string;
}
