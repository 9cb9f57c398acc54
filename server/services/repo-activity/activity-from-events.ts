import type { RepoActivityDto } from '../../../shared/api/repo-activity';
import type { GitHubApi } from '../../github/github-services';
import type { GitHubEvent } from '../../github/github-types';

/** What turning events into rows may need to read: the pull request behind a trimmed event, the default branch. */
export interface ActivityLookups {
  github: Pick<GitHubApi, 'getIssue' | 'getRepository'>;
  webUrl: string;
}

type Payload = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
const object = (value: unknown): Payload => (value && typeof value === 'object' ? (value as Payload) : {});

/**
 * The rows a repository's new events make, oldest first: a published release, a merged pull
 * request, an opened issue, a push to the default branch. Other events make none. GitHub's
 * trimmed payloads (a pull request without its title or merge, a push without its commits) are
 * completed from the pull request and left without a count.
 */
export async function activityFromEvents(
  fullName: string,
  events: GitHubEvent[],
  lookups: ActivityLookups,
): Promise<RepoActivityDto[]> {
  const rows: RepoActivityDto[] = [];
  let defaultBranch: string | null | undefined;
  const repoUrl = `${lookups.webUrl}/${fullName}`;
  for (const event of [...events].reverse()) {
    const payload = object(event.payload);
    const actor = text(object((event as { actor?: unknown }).actor).login) ?? 'someone';
    const base = { id: String(event.id), actor, at: new Date(event.created_at).toISOString() };
    const empty = { number: null, title: null, tag: null, branch: null, commits: null };
    if (event.type === 'ReleaseEvent' && payload.action === 'published') {
      const release = object(payload.release);
      const tag = text(release.tag_name);
      if (!tag) continue;
      const url = text(release.html_url) ?? `${repoUrl}/releases/tag/${encodeURIComponent(tag)}`;
      rows.push({ ...base, ...empty, kind: 'release', tag, url });
    } else if (event.type === 'IssuesEvent' && payload.action === 'opened') {
      const issue = object(payload.issue);
      const number = whole(issue.number);
      if (!number) continue;
      const url = text(issue.html_url) ?? `${repoUrl}/issues/${number}`;
      rows.push({ ...base, ...empty, kind: 'issue', number, title: text(issue.title), url });
    } else if (event.type === 'PullRequestEvent' && payload.action === 'closed') {
      const pull = object(payload.pull_request);
      const number = whole(payload.number) ?? whole(pull.number);
      if (!number) continue;
      let merged = 'merged' in pull ? pull.merged === true : undefined;
      let title = text(pull.title);
      if (merged === undefined || title === null) {
        const detail = await lookups.github.getIssue(fullName, number).catch(() => null);
        if (!detail) continue;
        merged ??= Boolean(detail.pull_request?.merged_at);
        title ??= detail.title;
      }
      if (!merged) continue;
      const url = text(pull.html_url) ?? `${repoUrl}/pull/${number}`;
      rows.push({ ...base, ...empty, kind: 'merge', number, title, url });
    } else if (event.type === 'PushEvent') {
      const ref = text(payload.ref);
      if (!ref?.startsWith('refs/heads/')) continue;
      const branch = ref.slice('refs/heads/'.length);
      defaultBranch ??= await lookups.github
        .getRepository(fullName)
        .then((repo) => repo.default_branch ?? null)
        .catch(() => null);
      if (branch !== defaultBranch) continue;
      const commits = whole(payload.size) ?? (Array.isArray(payload.commits) ? payload.commits.length : null);
      const before = text(payload.before);
      const head = text(payload.head);
      const url =
        before && head && !/^0+$/.test(before)
          ? `${repoUrl}/compare/${before.slice(0, 12)}...${head.slice(0, 12)}`
          : `${repoUrl}/commits/${encodeURIComponent(branch)}`;
      rows.push({ ...base, ...empty, kind: 'push', branch, commits, url });
    }
  }
  return rows;
}

/** Events newer than the last one seen (GitHub's ids grow with time), newest first as listed. */
export function eventsAfter(events: GitHubEvent[], lastEventId: string | null): GitHubEvent[] {
  if (lastEventId === null) return [];
  const last = BigInt(lastEventId);
  return events.filter((event) => /^\d+$/.test(String(event.id)) && BigInt(event.id) > last);
}

/** The newest event id of a list (or the one kept when the list is empty). */
export function newestEventId(events: GitHubEvent[], kept: string | null): string | null {
  let newest = kept === null ? null : BigInt(kept);
  for (const event of events) {
    if (!/^\d+$/.test(String(event.id))) continue;
    const id = BigInt(event.id);
    if (newest === null || id > newest) newest = id;
  }
  return newest === null ? null : newest.toString();
}
