import type { Dataset, Issue, Label, Repo } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import { simpleUser, type Json, type JsonObject } from './users';
import { WEB, type Urls } from './urls';

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
export function issueJson(issue: Issue, repo: Repo, urls: Urls, dataset: Dataset): JsonObject {
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
    const merged: Json = issue.state === 'closed' ? issue.closed_at : null;
    body.draft = false;
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
