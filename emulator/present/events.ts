import type { ActivityEvent } from '../dataset/activity';
import { isoSeconds } from '../dataset/dates';
import type { Account, Dataset, Repo } from '../dataset/index';
import { issueJson } from './issues';
import type { Json, JsonObject } from './users';
import type { Urls } from './urls';

function payloadJson(event: ActivityEvent, urls: Urls, dataset: Dataset): JsonObject {
  const p = event.payload;
  switch (p.kind) {
    case 'push':
      // github.com no longer lists commits in PushEvent payloads; only the refs remain.
      return { repository_id: event.repo.id, push_id: p.pushId, ref: p.ref, head: p.head, before: p.before };
    case 'issues':
      return { action: p.action, issue: issueJson(p.issue, event.repo, urls, dataset) };
    case 'pull_request': {
      const repoApi = urls.repo(event.repo.full_name);
      const ref = {
        ref: event.repo.default_branch,
        sha: p.issue.id.toString(16).padStart(40, '0'),
        repo: { id: event.repo.id, url: repoApi, name: event.repo.name },
      };
      return {
        action: p.action === 'merged' ? 'closed' : p.action,
        number: p.issue.number,
        pull_request: {
          id: p.issue.id,
          number: p.issue.number,
          url: `${repoApi}/pulls/${p.issue.number}`,
          head: { ...ref, ref: `patch-${p.issue.number}` },
          base: ref,
        },
      };
    }
    case 'watch':
      return { action: 'started' };
    case 'create':
      return {
        ref: p.ref,
        ref_type: p.refType,
        full_ref: p.refType === 'tag' ? `refs/tags/${p.ref}` : `refs/heads/${p.ref}`,
        master_branch: event.repo.default_branch,
        description: event.repo.description,
        pusher_type: 'user',
      };
  }
}

/** The parts every event shares around its payload. */
export function eventEnvelope(
  event: { id: string; type: string; repo: Repo; createdMs: number },
  actor: Account,
  payload: JsonObject,
  urls: Urls,
): JsonObject {
  return {
    id: event.id,
    type: event.type,
    actor: {
      id: actor.id,
      login: actor.login,
      display_login: actor.login,
      gravatar_id: '',
      url: urls.user(actor.login),
      avatar_url: urls.avatar(actor.login),
    },
    repo: { id: event.repo.id, name: event.repo.full_name, url: urls.repo(event.repo.full_name) },
    payload,
    public: true,
    created_at: isoSeconds(event.createdMs),
  };
}

export function eventJson(event: ActivityEvent, actor: Account, urls: Urls, dataset: Dataset): JsonObject {
  return eventEnvelope(event, actor, payloadJson(event, urls, dataset), urls);
}

const MINIMAL_PULL_FIELDS = ['id', 'number', 'url', 'head', 'base'];
const MINIMAL_BRANCH_FIELDS = ['ref', 'sha', 'repo'];
const MINIMAL_REPO_FIELDS = ['id', 'url', 'name'];

function pick(value: Json | undefined, keys: string[]): JsonObject {
  const source = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k] as Json]));
}

/**
 * An event as github.com lists it since October 2025: a PushEvent without `commits`, `size` and
 * `distinct_size`, a PullRequestEvent whose pull request is only {id, number, url, head, base}.
 */
export function trimmedEvent(event: JsonObject): JsonObject {
  const payload = event.payload as JsonObject;
  if (event.type === 'PushEvent') {
    const { commits: _commits, size: _size, distinct_size: _distinct, ...rest } = payload;
    return { ...event, payload: rest };
  }
  if (event.type === 'PullRequestEvent') {
    const pull = pick(payload.pull_request, MINIMAL_PULL_FIELDS);
    for (const side of ['head', 'base']) {
      const branch = pick(pull[side], MINIMAL_BRANCH_FIELDS);
      if ('repo' in branch) branch.repo = pick(branch.repo, MINIMAL_REPO_FIELDS);
      pull[side] = branch;
    }
    return {
      ...event,
      payload: { action: payload.action ?? null, number: payload.number ?? null, pull_request: pull },
    };
  }
  return event;
}
