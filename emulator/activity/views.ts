import { repoAccessKey, REPO_ROLES, type RepoRole } from '../dataset/access';
import { sha } from '../dataset/activity';
import type { Dataset, Issue, Release, Repo } from '../dataset/index';
import { currentIssue } from '../present/issues';
import type { RepoLiveFacts } from '../present/repos';
import { issueStateKey, type EmulatorState } from '../state';

/**
 * The repository as it is now: the dataset's records plus what was produced while running.
 * Every route reads issues, releases and branch heads through these, never the dataset alone.
 */

/** Issues and pull requests, newest first: the created ones, then the dataset's. */
export function issuesOf(dataset: Dataset, state: EmulatorState, repo: Repo): Issue[] {
  const created = state.activity.peek(repo.full_name)?.issues ?? [];
  return created.length === 0 ? dataset.issues(repo) : [...created, ...dataset.issues(repo)];
}

/** Releases, newest first: the published ones, then the dataset's. */
export function releasesOf(dataset: Dataset, state: EmulatorState, repo: Repo): Release[] {
  const created = state.activity.peek(repo.full_name)?.releases ?? [];
  return created.length === 0 ? dataset.releases(repo) : [...created, ...dataset.releases(repo)];
}

/** Issue and pull request numbers share one sequence per repository, like GitHub's. */
export function nextIssueNumber(dataset: Dataset, state: EmulatorState, repo: Repo): number {
  return issuesOf(dataset, state, repo).reduce((max, i) => Math.max(max, i.number), 0) + 1;
}

/** Forks have issues switched off (like most forks on GitHub); the control API can switch any repository. */
export function hasIssues(state: EmulatorState, repo: Repo): boolean {
  return state.activity.hasIssues.get(repo.full_name.toLowerCase()) ?? !repo.fork;
}

/** The head of a branch: the last pushed commit, or a SHA that stands for the dataset's history. */
export function branchHead(state: EmulatorState, repo: Repo, branch: string): string {
  return (
    state.activity.peek(repo.full_name)?.heads.get(branch) ?? sha(`head:${repo.full_name.toLowerCase()}:${branch}`)
  );
}

/** Branches that exist: the default branch and every branch pushed to. */
export function branchExists(state: EmulatorState, repo: Repo, branch: string): boolean {
  return branch === repo.default_branch || (state.activity.peek(repo.full_name)?.heads.has(branch) ?? false);
}

/** A login's role on a repository: admin when it owns it, else the grant it holds (or none). */
export function roleOf(state: EmulatorState, repo: Repo, login: string): RepoRole | null {
  if (repo.ownerLogin.toLowerCase() === login.toLowerCase()) return 'admin';
  return state.repoAccess.get(repoAccessKey(login, repo.full_name)) ?? null;
}

/** Roles that can push (GitHub's "write" and above). */
export function canPush(role: RepoRole | null): boolean {
  return role !== null && REPO_ROLES.indexOf(role) <= REPO_ROLES.indexOf('write');
}

/** Counters and flags of the repository object that follow what happened while running. */
export function liveFacts(dataset: Dataset, state: EmulatorState, repo: Repo): RepoLiveFacts {
  const activity = state.activity.peek(repo.full_name);
  let open = repo.open_issues_count;
  for (const issue of activity?.issues ?? []) {
    const now = currentIssue(issue, state.issueStates.get(issueStateKey(repo.full_name, issue.number))).issue;
    if (now.state === 'open') open += 1;
  }
  if (state.issueStates.size > 0) {
    for (const issue of dataset.issues(repo)) {
      const change = state.issueStates.get(issueStateKey(repo.full_name, issue.number));
      if (!change) continue;
      const nowOpen = currentIssue(issue, change).issue.state === 'open';
      if (nowOpen !== (issue.state === 'open')) open += nowOpen ? 1 : -1;
    }
  }
  return { openIssuesCount: open, hasIssues: hasIssues(state, repo), pushedAt: activity?.pushedAt ?? null };
}
