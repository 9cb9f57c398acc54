import { generatedCommitMessages, generatedPullTitle } from '../activity/generated-text';
import { mergePull, openIssue, publishRelease, pushCommits, type ProduceDeps } from '../activity/produce';
import type { StoredEvent } from '../activity/store';
import { issuesOf, nextIssueNumber, releasesOf } from '../activity/views';
import type { Account, Repo } from '../dataset/index';
import { trimmedEvent } from '../present/events';
import { currentIssue } from '../present/issues';
import type { JsonObject } from '../present/users';
import { issueStateKey } from '../state';

/**
 * POST /__control/activity: makes something happen in a repository and answers the event GitHub
 * would list for it. Every problem is a 422 whose message says what to send instead.
 */

export const ACTIVITY_TYPES = ['release', 'merge', 'issue', 'push'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const MAX_TITLE = 256;
export const MAX_BODY = 65_536;
const MAX_PUSH_COMMITS = 100;

export type Checked<T> = { ok: T } | { problem: string };

/** Git's rules for a ref name, as far as a tag or branch name typed by hand can break them. */
export function validRefName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    !/[\s~^:?*[\\]/.test(name) &&
    !name.includes('..') &&
    !name.includes('@{') &&
    !name.includes('//') &&
    !/^[-/.]/.test(name) &&
    !/(\/|\.|\.lock)$/.test(name) &&
    !name.split('/').some((part) => part.startsWith('.'))
  );
}

/** The repository of an activity: one of the dataset's, by its current name, without a fixed quirk. */
export function activityRepo(deps: ProduceDeps, raw: unknown): Checked<Repo> {
  if (typeof raw !== 'string' || !/^[^/\s]+\/[^/\s]+$/.test(raw))
    return { problem: 'repo is required: "owner/name" of a repository of the emulator' };
  const [owner = '', name = ''] = raw.split('/');
  const found = deps.dataset.lookupRepo(owner, name);
  if (found.kind === 'missing') return { problem: `repo "${raw}" is not a repository of the emulator` };
  if (found.kind === 'moved') return { problem: `repo "${raw}" was renamed: use "${found.repo.full_name}"` };
  if (found.repo.quirk !== null)
    return { problem: `repo "${found.repo.full_name}" keeps its fixed quirk (${found.repo.quirk}): choose another` };
  return { ok: found.repo };
}

export function activityActor(deps: ProduceDeps, raw: unknown): Checked<Account> {
  if (typeof raw !== 'string' || raw.trim() === '')
    return { problem: 'actor is required: the login of a user of the emulator (e.g. "ada-demo")' };
  const account = deps.dataset.account(raw);
  if (!account) return { problem: `actor "${raw}" is not a user of the emulator` };
  if (account.type !== 'User') return { problem: `actor "${raw}" is an organization, not a user` };
  return { ok: account };
}

function optionalText(body: Record<string, unknown>, field: string, max: number): Checked<string | undefined> {
  const value = body[field];
  if (value === undefined || value === null) return { ok: undefined };
  if (typeof value !== 'string') return { problem: `${field} must be a string` };
  if (value.length > max) return { problem: `${field} is too long (maximum is ${max} characters)` };
  return { ok: value };
}

function requiredTitle(body: Record<string, unknown>, what: string): Checked<string> {
  const title = optionalText(body, 'title', MAX_TITLE);
  if ('problem' in title) return title;
  if (title.ok === undefined || title.ok.trim() === '') return { problem: `title is required for ${what}` };
  return { ok: title.ok.trim() };
}

function release(deps: ProduceDeps, repo: Repo, actor: Account, body: Record<string, unknown>): Checked<StoredEvent> {
  const tag = body.tag;
  if (typeof tag !== 'string' || tag === '') return { problem: 'tag is required for a release (e.g. "v1.2.0")' };
  if (!validRefName(tag)) return { problem: `tag "${tag}" is not a valid git tag name` };
  if (releasesOf(deps.dataset, deps.state, repo).some((r) => r.tag_name === tag))
    return { problem: `tag "${tag}" already has a release in ${repo.full_name}` };
  const name = optionalText(body, 'name', 255);
  if ('problem' in name) return name;
  const notes = optionalText(body, 'body', 125_000);
  if ('problem' in notes) return notes;
  if (body.prerelease !== undefined && typeof body.prerelease !== 'boolean')
    return { problem: 'prerelease must be true or false' };
  return {
    ok: publishRelease(deps, repo, actor, {
      tag,
      ...(name.ok !== undefined ? { name: name.ok } : {}),
      ...(notes.ok !== undefined ? { body: notes.ok } : {}),
      prerelease: body.prerelease === true,
    }),
  };
}

function merge(deps: ProduceDeps, repo: Repo, actor: Account, body: Record<string, unknown>): Checked<StoredEvent> {
  const title = optionalText(body, 'title', MAX_TITLE);
  if ('problem' in title) return title;
  if (body.number === undefined || body.number === null) {
    const chosen =
      title.ok?.trim() || generatedPullTitle(`${repo.full_name}#${nextIssueNumber(deps.dataset, deps.state, repo)}`);
    return { ok: mergePull(deps, repo, actor, { title: chosen }) };
  }
  const number = body.number;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1)
    return { problem: 'number must be the number of an open pull request (a positive integer), or left out' };
  if (title.ok !== undefined)
    return { problem: 'title is only for a new pull request: leave number out, or title out' };
  const item = issuesOf(deps.dataset, deps.state, repo).find((i) => i.number === number);
  if (!item) return { problem: `${repo.full_name} has no pull request #${number}` };
  if (!item.pull) return { problem: `#${number} of ${repo.full_name} is an issue, not a pull request` };
  const now = currentIssue(item, deps.state.issueStates.get(issueStateKey(repo.full_name, number)));
  if (now.pull.merged_at !== null) return { problem: `pull request #${number} is already merged` };
  if (now.issue.state === 'closed') return { problem: `pull request #${number} is closed` };
  if (now.pull.draft) return { problem: `pull request #${number} is a draft: drafts cannot be merged` };
  return { ok: mergePull(deps, repo, actor, { number, title: item.title }) };
}

function issue(deps: ProduceDeps, repo: Repo, actor: Account, body: Record<string, unknown>): Checked<StoredEvent> {
  const title = requiredTitle(body, 'an issue');
  if ('problem' in title) return title;
  const text = optionalText(body, 'body', MAX_BODY);
  if ('problem' in text) return text;
  return { ok: openIssue(deps, repo, actor, { title: title.ok, ...(text.ok ? { body: text.ok } : {}) }).event };
}

function push(deps: ProduceDeps, repo: Repo, actor: Account, body: Record<string, unknown>): Checked<StoredEvent> {
  const branch = body.branch ?? repo.default_branch;
  if (typeof branch !== 'string' || !validRefName(branch)) return { problem: 'branch must be a valid git branch name' };
  const commits = body.commits;
  const usage = `commits is required: a number of commits (1 to ${MAX_PUSH_COMMITS}) or a list of commit messages`;
  let messages: string[];
  if (typeof commits === 'number') {
    if (!Number.isInteger(commits) || commits < 1 || commits > MAX_PUSH_COMMITS) return { problem: usage };
    const seed = `${repo.full_name}:${branch}:${deps.state.activity.nextSequence()}`;
    messages = generatedCommitMessages(seed, commits);
  } else if (Array.isArray(commits)) {
    if (commits.length < 1 || commits.length > MAX_PUSH_COMMITS) return { problem: usage };
    if (!commits.every((m): m is string => typeof m === 'string' && m.trim() !== '' && m.length <= 10_000))
      return { problem: 'every commit message must be a non-empty string (at most 10000 characters)' };
    messages = commits;
  } else return { problem: usage };
  // A branch that does not exist yet is created by its first push.
  return { ok: pushCommits(deps, repo, actor, { messages, branch }) };
}

const PRODUCERS: Record<
  ActivityType,
  (deps: ProduceDeps, repo: Repo, actor: Account, body: Record<string, unknown>) => Checked<StoredEvent>
> = { release, merge, issue, push };

/** Validates and applies one activity; answers the event as the events list shows it. */
export function produceActivity(deps: ProduceDeps, body: unknown): { status: number; body: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { status: 422, body: { message: 'The body must be a JSON object: {repo, type, actor, ...}' } };
  const input = body as Record<string, unknown>;
  const type = input.type;
  if (typeof type !== 'string' || !(ACTIVITY_TYPES as readonly string[]).includes(type))
    return { status: 422, body: { message: `type must be one of ${ACTIVITY_TYPES.join(', ')}` } };
  const repo = activityRepo(deps, input.repo);
  if ('problem' in repo) return { status: 422, body: { message: repo.problem } };
  const actor = activityActor(deps, input.actor);
  if ('problem' in actor) return { status: 422, body: { message: actor.problem } };
  const result = PRODUCERS[type as ActivityType](deps, repo.ok, actor.ok, input);
  if ('problem' in result) return { status: 422, body: { message: result.problem } };
  return { status: 201, body: listedEvent(deps, result.ok) };
}

/** An event as the events list shows it under the current payload shape. */
export function listedEvent(deps: Pick<ProduceDeps, 'state'>, event: StoredEvent): JsonObject {
  return deps.state.eventPayloads === 'trimmed' ? trimmedEvent(event.json) : event.json;
}
