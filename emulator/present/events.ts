import type { ActivityEvent } from '../dataset/activity';
import { isoSeconds } from '../dataset/dates';
import type { Account, Dataset } from '../dataset/index';
import { issueJson } from './issues';
import type { JsonObject } from './users';
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

export function eventJson(event: ActivityEvent, actor: Account, urls: Urls, dataset: Dataset): JsonObject {
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
    payload: payloadJson(event, urls, dataset),
    public: true,
    created_at: isoSeconds(event.createdMs),
  };
}
