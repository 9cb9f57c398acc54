import type { Dataset, Repo } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import { licenseInfo } from '../dataset/licenses';
import { simpleUser, type JsonObject } from './users';
import { WEB, type Urls } from './urls';

function licenseJson(spdx: string | null, urls: Urls): JsonObject | null {
  const info = licenseInfo(spdx);
  if (!info) return null;
  return {
    key: info.key,
    name: info.name,
    spdx_id: info.spdx_id,
    url: `${urls.api}/licenses/${info.key}`,
    node_id: nodeId('License', info.key.length * 7919 + info.name.length),
  };
}

/** Every URL template GitHub puts in a repository object, built from the repository's API URL. */
function repoUrlFields(full: string, urls: Urls): JsonObject {
  const u = urls.repo(full);
  return {
    url: u,
    html_url: `${WEB}/${full}`,
    forks_url: `${u}/forks`,
    keys_url: `${u}/keys{/key_id}`,
    collaborators_url: `${u}/collaborators{/collaborator}`,
    teams_url: `${u}/teams`,
    hooks_url: `${u}/hooks`,
    issue_events_url: `${u}/issues/events{/number}`,
    events_url: `${u}/events`,
    assignees_url: `${u}/assignees{/user}`,
    branches_url: `${u}/branches{/branch}`,
    tags_url: `${u}/tags`,
    blobs_url: `${u}/git/blobs{/sha}`,
    git_tags_url: `${u}/git/tags{/sha}`,
    git_refs_url: `${u}/git/refs{/sha}`,
    trees_url: `${u}/git/trees{/sha}`,
    statuses_url: `${u}/statuses/{sha}`,
    languages_url: `${u}/languages`,
    stargazers_url: `${u}/stargazers`,
    contributors_url: `${u}/contributors`,
    subscribers_url: `${u}/subscribers`,
    subscription_url: `${u}/subscription`,
    commits_url: `${u}/commits{/sha}`,
    git_commits_url: `${u}/git/commits{/sha}`,
    comments_url: `${u}/comments{/number}`,
    issue_comment_url: `${u}/issues/comments{/number}`,
    contents_url: `${u}/contents/{+path}`,
    compare_url: `${u}/compare/{base}...{head}`,
    merges_url: `${u}/merges`,
    archive_url: `${u}/{archive_format}{/ref}`,
    downloads_url: `${u}/downloads`,
    issues_url: `${u}/issues{/number}`,
    pulls_url: `${u}/pulls{/number}`,
    milestones_url: `${u}/milestones{/number}`,
    notifications_url: `${u}/notifications{?since,all,participating}`,
    labels_url: `${u}/labels{/name}`,
    releases_url: `${u}/releases{/id}`,
    deployments_url: `${u}/deployments`,
    git_url: `git://github.com/${full}.git`,
    ssh_url: `git@github.com:${full}.git`,
    clone_url: `${WEB}/${full}.git`,
    svn_url: `${WEB}/${full}`,
  };
}

/** What changes while the emulator runs (issues opened, pushes, the issues switch). */
export interface RepoLiveFacts {
  openIssuesCount: number;
  hasIssues: boolean;
  pushedAt: string | null;
}

/** Repository fields shared by list items, search results and GET /repos/{o}/{r}. */
export function repository(repo: Repo, urls: Urls, dataset: Dataset, live?: RepoLiveFacts): JsonObject {
  const openIssues = live?.openIssuesCount ?? repo.open_issues_count;
  const pushedAt = live?.pushedAt ?? repo.pushed_at;
  const owner = dataset.account(repo.ownerLogin);
  if (!owner) throw new Error(`dataset has no owner account for ${repo.full_name}`);
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: repo.full_name,
    private: false,
    owner: simpleUser(owner, urls),
    description: repo.description,
    fork: repo.fork,
    ...repoUrlFields(repo.full_name, urls),
    mirror_url: null,
    created_at: repo.created_at,
    updated_at: pushedAt > repo.updated_at ? pushedAt : repo.updated_at,
    pushed_at: pushedAt,
    homepage: repo.homepage,
    size: repo.size,
    stargazers_count: repo.stargazers_count,
    watchers_count: repo.stargazers_count,
    language: repo.language,
    has_issues: live?.hasIssues ?? !repo.fork,
    has_projects: true,
    has_downloads: true,
    has_wiki: !repo.fork,
    has_pages: repo.homepage !== null && repo.homepage.includes('github.io'),
    has_discussions: repo.origin === 'dataset' && repo.stargazers_count > 20_000,
    forks_count: repo.forks_count,
    archived: repo.archived,
    disabled: false,
    open_issues_count: openIssues,
    license: licenseJson(repo.license, urls),
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: repo.topics,
    visibility: 'public',
    forks: repo.forks_count,
    open_issues: openIssues,
    watchers: repo.stargazers_count,
    default_branch: repo.default_branch,
  };
}

/** GET /repos/{o}/{r}: adds counters and, for forks, the parent and source repositories. */
export function fullRepository(repo: Repo, urls: Urls, dataset: Dataset, live?: RepoLiveFacts): JsonObject {
  const body: JsonObject = {
    ...repository(repo, urls, dataset, live),
    temp_clone_token: null,
    network_count: repo.forks_count,
    subscribers_count: repo.watchers,
  };
  const parent = repo.parent ? dataset.repoByFullName(repo.parent) : undefined;
  if (parent) {
    body.parent = repository(parent, urls, dataset);
    body.source = repository(parent, urls, dataset);
  }
  return body;
}
