import type { RepositoryDetailsDto } from '../../../../shared/api/repositories';

/** What the room shows about its repository: the GitHub record, or a minimal one built from the name. */
export interface RepositoryView {
  fullName: string;
  owner: string;
  name: string;
  ownerAvatarUrl: string | null;
  htmlUrl: string;
  defaultBranch: string | null;
  description: string | null;
  language: string | null;
  stars: number;
  forks: number;
  openIssues: number | null;
  topics: string[];
  contributors: RepositoryDetailsDto['contributors'];
  releases: RepositoryDetailsDto['releases'];
}

/**
 * docs/PRODUCT.md §2.5: when the lookup finds nothing, owner and name come from splitting the room's repo
 * full name on the slash (zero stars and forks, no description or language). Null when the
 * name cannot be split that way.
 */
export function toRepositoryView(
  details: RepositoryDetailsDto | null | undefined,
  repoFullName: string,
  githubWebUrl: string,
): RepositoryView | null {
  if (details) {
    return {
      fullName: details.full_name,
      owner: details.owner.login,
      name: details.name,
      ownerAvatarUrl: details.owner.avatar_url || null,
      htmlUrl: details.html_url,
      defaultBranch: details.default_branch || null,
      description: details.description,
      language: details.language,
      stars: details.stargazers_count,
      forks: details.forks_count,
      openIssues: details.open_issues_count,
      topics: details.topics ?? [],
      contributors: details.contributors ?? [],
      releases: details.releases ?? [],
    };
  }
  const parts = repoFullName.split('/');
  const [owner, name] = parts;
  if (parts.length !== 2 || !owner || !name) return null;
  return {
    fullName: repoFullName,
    owner,
    name,
    ownerAvatarUrl: null,
    htmlUrl: `${githubWebUrl.replace(/\/+$/, '')}/${owner}/${name}`,
    defaultBranch: null,
    description: null,
    language: null,
    stars: 0,
    forks: 0,
    openIssues: null,
    topics: [],
    contributors: [],
    releases: [],
  };
}
