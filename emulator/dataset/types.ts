/** One entry of data/repositories.json (see emulator/data/README.md). */
export interface SeedRepository {
  full_name: string;
  owner_type: 'Organization' | 'User';
  description: string | null;
  language: string | null;
  topics: string[];
  stargazers_count: number;
  forks_count: number;
  created_at: string;
  default_branch: string;
  license: string | null;
  homepage: string | null;
  archived: boolean;
}

export interface SeedFile {
  as_of: string;
  note: string;
  repositories: SeedRepository[];
}

export type AccountType = 'User' | 'Organization';

export interface Account {
  login: string;
  id: number;
  type: AccountType;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  email: string | null;
  bio: string | null;
  twitter_username: string | null;
  hireable: boolean | null;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
  /** Demo accounts can sign in through the OAuth pages. */
  demo: boolean;
  /** A fresh account: created (and last updated) this many days before the emulator's clock. */
  createdDaysBeforeNow?: number;
}

/** Why a repository answers with an error instead of its data (see emulator/README.md, "Quirks"). */
export type RepoQuirk = 'dmca' | 'blocked' | 'empty';

export interface Repo {
  id: number;
  ownerLogin: string;
  name: string;
  full_name: string;
  description: string | null;
  language: string | null;
  topics: string[];
  stargazers_count: number;
  forks_count: number;
  watchers: number;
  size: number;
  created_at: string;
  pushed_at: string;
  updated_at: string;
  default_branch: string;
  license: string | null;
  homepage: string | null;
  archived: boolean;
  fork: boolean;
  /** full_name of the repository this one was forked from. */
  parent: string | null;
  open_issues_count: number;
  quirk: RepoQuirk | null;
  origin: 'dataset' | 'demo' | 'quirk';
}

export interface Label {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string;
  userLogin: string;
  labels: Label[];
  state: 'open' | 'closed';
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  pull: boolean;
  author_association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIME_CONTRIBUTOR' | 'NONE';
}

export interface Release {
  id: number;
  tag_name: string;
  name: string | null;
  body: string;
  draft: boolean;
  prerelease: boolean;
  created_at: string;
  published_at: string;
  authorLogin: string;
  target_commitish: string;
}

export interface Contributor {
  login: string;
  contributions: number;
}
