import { sha } from '../dataset/activity';
import { isoSeconds } from '../dataset/dates';
import type { Account, Dataset, Issue, Label, Release, Repo } from '../dataset/index';
import { eventEnvelope } from '../present/events';
import { currentIssue, issueJson, pullJson } from '../present/issues';
import { releaseJson } from '../present/releases';
import type { Urls } from '../present/urls';
import type { JsonObject } from '../present/users';
import { issueStateKey, type EmulatorState } from '../state';
import type { RepoEventType, StoredEvent } from './store';
import { branchHead, issuesOf, nextIssueNumber, roleOf } from './views';

/**
 * What happens in a repository while the emulator runs, each recorded the way GitHub records it:
 * the change itself (a release, a merged pull request, an issue, commits on a branch) and the event
 * that reports it. The inputs are already checked (control API, REST route, ambient generator).
 */

export interface ProduceDeps {
  dataset: Dataset;
  state: EmulatorState;
  urls: Urls;
  nowMs: number;
}

/** GitHub's events list at most 20 commits of a push; `size` still counts all of them. */
const LISTED_PUSH_COMMITS = 20;

function record(deps: ProduceDeps, repo: Repo, actor: Account, type: RepoEventType, payload: JsonObject): StoredEvent {
  const id = deps.state.activity.nextEventId(deps.nowMs);
  const createdMs = deps.nowMs;
  const event: StoredEvent = {
    id,
    type,
    createdMs,
    json: eventEnvelope({ id, type, repo, createdMs }, actor, payload, deps.urls),
  };
  deps.state.activity.record(repo.full_name, event);
  return event;
}

/** The relation GitHub shows next to an author: owner, collaborator, contributor or none. */
function associationOf(deps: ProduceDeps, repo: Repo, login: string): Issue['author_association'] {
  const role = roleOf(deps.state, repo, login);
  if (role === 'admin' && repo.ownerLogin.toLowerCase() === login.toLowerCase()) return 'OWNER';
  if (role !== null) return 'COLLABORATOR';
  const lower = login.toLowerCase();
  return deps.dataset.contributors(repo).some((c) => c.login.toLowerCase() === lower) ? 'CONTRIBUTOR' : 'NONE';
}

export function publishRelease(
  deps: ProduceDeps,
  repo: Repo,
  actor: Account,
  input: { tag: string; name?: string; body?: string; prerelease?: boolean },
): StoredEvent {
  const at = isoSeconds(deps.nowMs);
  const release: Release = {
    id: 3_000_000_000_000 + deps.state.activity.nextSequence(),
    tag_name: input.tag,
    name: input.name ?? input.tag,
    body: input.body ?? `Changes in ${input.tag}.`,
    draft: false,
    prerelease: input.prerelease ?? false,
    created_at: at,
    published_at: at,
    authorLogin: actor.login,
    target_commitish: repo.default_branch,
  };
  deps.state.activity.of(repo.full_name).releases.unshift(release);
  return record(deps, repo, actor, 'ReleaseEvent', {
    action: 'published',
    release: releaseJson(release, repo, deps.urls, deps.dataset),
  });
}

/** Creates an issue or pull request of this repository (the next number), open or already closed. */
function addItem(
  deps: ProduceDeps,
  repo: Repo,
  author: Account,
  fields: { title: string; body: string; labels: Label[]; pull: boolean; openedMs: number; closed: boolean },
): Issue {
  const closedAt = fields.closed ? isoSeconds(deps.nowMs) : null;
  const issue: Issue = {
    id: 2_000_000_000_000 + deps.state.activity.nextSequence(),
    number: nextIssueNumber(deps.dataset, deps.state, repo),
    title: fields.title,
    body: fields.body,
    userLogin: author.login,
    labels: fields.labels,
    state: fields.closed ? 'closed' : 'open',
    comments: 0,
    created_at: isoSeconds(fields.openedMs),
    updated_at: isoSeconds(deps.nowMs),
    closed_at: closedAt,
    pull: fields.pull,
    author_association: associationOf(deps, repo, author.login),
  };
  deps.state.activity.of(repo.full_name).issues.unshift(issue);
  return issue;
}

export function openIssue(
  deps: ProduceDeps,
  repo: Repo,
  actor: Account,
  input: { title: string; body?: string; labels?: Label[] },
): { issue: Issue; event: StoredEvent } {
  const issue = addItem(deps, repo, actor, {
    title: input.title,
    body: input.body ?? '',
    labels: input.labels ?? [],
    pull: false,
    openedMs: deps.nowMs,
    closed: false,
  });
  const event = record(deps, repo, actor, 'IssuesEvent', {
    action: 'opened',
    issue: issueJson(issue, repo, deps.urls, deps.dataset),
  });
  return { issue, event };
}

/**
 * Merges an open pull request (by number), or opens and merges a new one by the actor (a merged
 * pull request was opened a little earlier: between 10 minutes and two days before).
 */
export function mergePull(
  deps: ProduceDeps,
  repo: Repo,
  actor: Account,
  input: { number?: number; title: string },
): StoredEvent {
  let item: Issue;
  if (input.number !== undefined) {
    const found = issuesOf(deps.dataset, deps.state, repo).find((i) => i.number === input.number);
    if (!found) throw new Error(`no pull request #${input.number} in ${repo.full_name}`);
    item = found;
    deps.state.issueStates.set(issueStateKey(repo.full_name, item.number), {
      state: 'merged',
      at: isoSeconds(Math.max(deps.nowMs, Date.parse(item.updated_at) + 1000)),
    });
  } else {
    const seq = deps.state.activity.nextSequence();
    const openedMs = deps.nowMs - (600_000 + ((seq * 7_919_000) % (2 * 86_400_000)));
    item = addItem(deps, repo, actor, {
      title: input.title,
      body: `This pull request should ${input.title.replace(/^\w+:\s*/, '').toLowerCase()}.`,
      labels: [],
      pull: true,
      openedMs,
      closed: true,
    });
  }
  deps.state.activity.of(repo.full_name).mergedBy.set(item.number, actor.login);
  const now = currentIssue(item, deps.state.issueStates.get(issueStateKey(repo.full_name, item.number)));
  return record(deps, repo, actor, 'PullRequestEvent', {
    action: 'closed',
    number: item.number,
    pull_request: pullJson(now.issue, repo, deps.urls, deps.dataset, now.pull, actor),
  });
}

/** Commits on a branch (created when it does not exist yet): the branch head moves, pushed_at follows. */
export function pushCommits(
  deps: ProduceDeps,
  repo: Repo,
  actor: Account,
  input: { messages: string[]; branch: string },
): StoredEvent {
  const activity = deps.state.activity.of(repo.full_name);
  const before = branchHead(deps.state, repo, input.branch);
  const pushId = deps.state.activity.nextSequence();
  const email = actor.email ?? `${actor.id}+${actor.login}@users.noreply.github.com`;
  let parent = before;
  const commits = input.messages.map((message, i) => {
    const commitSha = sha(`push:${repo.full_name.toLowerCase()}:${input.branch}:${pushId}:${i}:${deps.nowMs}`);
    deps.state.activity.commits.set(commitSha, {
      sha: commitSha,
      parent,
      message,
      authorLogin: actor.login,
      atMs: deps.nowMs,
    });
    parent = commitSha;
    return {
      sha: commitSha,
      author: { email, name: actor.name ?? actor.login },
      message,
      distinct: true,
      url: `${deps.urls.repo(repo.full_name)}/commits/${commitSha}`,
    };
  });
  activity.heads.set(input.branch, parent);
  activity.pushedAt = isoSeconds(deps.nowMs);
  return record(deps, repo, actor, 'PushEvent', {
    repository_id: repo.id,
    push_id: 20_000_000_000 + pushId,
    size: commits.length,
    distinct_size: commits.length,
    ref: `refs/heads/${input.branch}`,
    head: parent,
    before,
    commits: commits.slice(-LISTED_PUSH_COMMITS),
  });
}
