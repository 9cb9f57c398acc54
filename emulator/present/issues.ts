import type { Account, Dataset, Issue, Label, Repo } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import { repository } from './repos';
import { simpleUser, type Json, type JsonObject } from './users';
import { WEB, type Urls } from './urls';
import type { IssueStateChange } from '../state';

/** What a pull request adds to an issue's state: a draft, and when it was merged. */
export interface PullStatus {
  draft: boolean;
  merged_at: string | null;
}

/**
 * An issue or pull request as it is now: the dataset's, or the state the control API set. A closed
 * pull request of the dataset was merged; one closed through the control API was not.
 */
export function currentIssue(issue: Issue, change: IssueStateChange | undefined): { issue: Issue; pull: PullStatus } {
  if (!change) {
    const merged = issue.pull && issue.state === 'closed' ? issue.closed_at : null;
    return { issue, pull: { draft: false, merged_at: merged } };
  }
  const closed = change.state === 'closed' || change.state === 'merged';
  return {
    issue: {
      ...issue,
      state: closed ? 'closed' : 'open',
      closed_at: closed ? change.at : null,
      updated_at: change.at,
    },
    pull: { draft: change.state === 'draft', merged_at: change.state === 'merged' ? change.at : null },
  };
}

export function labelJson(label: Label, repo: Repo, urls: Urls): JsonObject {
  return {
    id: label.id,
    node_id: nodeId('Label', label.id),
    url: `${urls.repo(repo.full_name)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: label.default,
    description: label.description,
  };
}

/** An item of the issues list; pull requests carry the `pull_request` key like on GitHub. */
export function issueJson(
  issue: Issue,
  repo: Repo,
  urls: Urls,
  dataset: Dataset,
  pull: PullStatus = currentIssue(issue, undefined).pull,
): JsonObject {
  const repoApi = urls.repo(repo.full_name);
  const api = `${repoApi}/issues/${issue.number}`;
  const author = dataset.account(issue.userLogin);
  const kind = issue.pull ? 'pull' : 'issues';
  const body: JsonObject = {
    url: api,
    repository_url: repoApi,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: `${WEB}/${repo.full_name}/${kind}/${issue.number}`,
    id: issue.id,
    node_id: nodeId(issue.pull ? 'PullRequest' : 'Issue', issue.id),
    number: issue.number,
    title: issue.title,
    user: author ? simpleUser(author, urls) : null,
    labels: issue.labels.map((l) => labelJson(l, repo, urls)),
    state: issue.state,
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: issue.comments,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    author_association: issue.author_association,
    active_lock_reason: null,
    body: issue.body,
    timeline_url: `${api}/timeline`,
    performed_via_github_app: null,
    state_reason: issue.state === 'closed' ? 'completed' : null,
  };
  if (issue.pull) {
    const merged: Json = pull.merged_at;
    body.draft = pull.draft;
    body.pull_request = {
      url: `${repoApi}/pulls/${issue.number}`,
      html_url: `${WEB}/${repo.full_name}/pull/${issue.number}`,
      diff_url: `${WEB}/${repo.full_name}/pull/${issue.number}.diff`,
      patch_url: `${WEB}/${repo.full_name}/pull/${issue.number}.patch`,
      merged_at: merged,
    };
  }
  return body;
}

/** A pull request (GET /repos/{o}/{r}/pulls/{n}): the fields of GitHub's answer the product reads and more. */
export function pullJson(
  issue: Issue,
  repo: Repo,
  urls: Urls,
  dataset: Dataset,
  pull: PullStatus,
  mergedBy: Account | null = null,
): JsonObject {
  const repoApi = urls.repo(repo.full_name);
  const api = `${repoApi}/pulls/${issue.number}`;
  const author = dataset.account(issue.userLogin);
  const html = `${WEB}/${repo.full_name}/pull/${issue.number}`;
  const branch = (ref: string): JsonObject => ({
    label: `${repo.ownerLogin}:${ref}`,
    ref,
    sha: `${String(issue.id).padStart(8, '0')}${'0'.repeat(32)}`.slice(-40),
    user: author ? simpleUser(author, urls) : null,
    repo: repository(repo, urls, dataset),
  });
  return {
    url: api,
    id: issue.id,
    node_id: nodeId('PullRequest', issue.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${repoApi}/issues/${issue.number}`,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    comments_url: `${repoApi}/issues/${issue.number}/comments`,
    number: issue.number,
    state: issue.state,
    locked: false,
    title: issue.title,
    user: author ? simpleUser(author, urls) : null,
    body: issue.body,
    labels: issue.labels.map((l) => labelJson(l, repo, urls)),
    milestone: null,
    active_lock_reason: null,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    merged_at: pull.merged_at,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: branch(`patch-${issue.number}`),
    base: branch(repo.default_branch),
    author_association: issue.author_association,
    auto_merge: null,
    draft: pull.draft,
    merged: pull.merged_at !== null,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: pull.merged_at !== null && mergedBy ? simpleUser(mergedBy, urls) : null,
    comments: issue.comments,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 0,
    changed_files: 1,
  };
}
