import { DEFAULT_ACTIVITY_KINDS } from '../../../shared/api/repo-activity';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { sanitizeMessage, validateMessage } from '../../../shared/validation/message';
import { validateUsername } from '../../../shared/validation/profile';
import { loadDataset, type Account } from '../../../emulator/dataset/index';
import { accountsRepository } from '../../db/repositories/accounts.repository';
import { demoContentRepository } from '../../db/repositories/demo-content.repository';
import { membersRepository } from '../../db/repositories/members.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { reactionsRepository } from '../../db/repositories/reactions.repository';
import { repoKeyOf, roomsRepository } from '../../db/repositories/rooms.repository';
import type { Database, MessageRow, NewProfile } from '../../db/schema';
import { initialDisplayName } from '../profiles/github-profile-text';
import { toMessageDto, toReactionDto, toUserSummaryDto } from '../messages/message.presenter';
import { showCurrentTextInLog } from '../messages/message-history';
import { presentMessages } from '../messages/message.presenter';
import { timeOrderedIdAt } from '../messages/time-ordered-id';
import { applyChangeInTransaction } from '../room-events/room-change';
import { DEMO_CONVERSATIONS, type RoomScript } from './conversations';

const MINUTE = 60_000;

/** A fictional contributor of the emulator's dataset who speaks in a demo room. */
export interface DemoSpeaker {
  login: string;
  githubId: number;
  name: string;
  location: string | null;
  createdAt: string;
  followers: number;
  following: number;
}

export type DemoAction =
  | { kind: 'join'; at: number; speaker: number }
  | { kind: 'message'; at: number; speaker: number; key: number; text: string }
  | { kind: 'edit'; at: number; speaker: number; key: number; text: string }
  | { kind: 'react'; at: number; speaker: number; key: number; emoji: string };

/**
 * The speakers of a repository's room: its generated contributors that are fictional people of
 * the emulator's pool (never the demo sign-in accounts, never real owners), in contributor order.
 */
export function demoSpeakers(repoFullName: string, count: number): DemoSpeaker[] {
  const dataset = loadDataset();
  const repo = dataset.repoByFullName(repoFullName);
  if (!repo) throw new Error(`demo content: ${repoFullName} is not in the emulator's dataset`);
  const demoLogins = new Set(dataset.demoLogins().map((login) => login.toLowerCase()));
  const people = dataset
    .contributors(repo)
    .map((c) => dataset.account(c.login))
    .filter(
      (a): a is Account & { name: string } =>
        a !== undefined && a.type === 'User' && !a.demo && a.name !== null && !demoLogins.has(a.login.toLowerCase()),
    );
  if (people.length < count) throw new Error(`demo content: ${repoFullName} has too few fictional contributors`);
  return people.slice(0, count).map((a) => ({
    login: a.login,
    githubId: a.id,
    name: a.name,
    location: a.location,
    createdAt: a.created_at,
    followers: a.followers,
    following: a.following,
  }));
}

/** A small deterministic number from a text (spreads gaps and seconds without Math.random). */
function spread(text: string, modulo: number): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % modulo;
}

/**
 * The room's history as timed actions, oldest first: each speaker joins shortly before they
 * first act, messages of a burst follow each other by a few minutes, edits and reactions come
 * a little after their message. Nothing is later than a second before `nowMs`.
 */
export function planDemoRoom(script: RoomScript, nowMs: number): DemoAction[] {
  const actions: DemoAction[] = [];
  const latest = nowMs - 1000;
  let key = 0;
  script.bursts.forEach((burst, b) => {
    const times: number[] = [];
    let t = nowMs - burst.hoursAgo * 60 * MINUTE;
    burst.messages.forEach((m, i) => {
      const seed = `${script.repo}:${b}:${i}`;
      if (i > 0) t += (m.after ?? 1 + spread(seed, 5)) * MINUTE + spread(`${seed}:s`, 50) * 1000;
      times.push(t);
    });
    // A burst ending in the future is moved back so its last message is a minute old.
    const overshoot = (times.at(-1) ?? 0) - (nowMs - MINUTE);
    burst.messages.forEach((m, i) => {
      const at = (times[i] ?? 0) - Math.max(0, overshoot);
      const k = key++;
      actions.push({ kind: 'message', at, speaker: m.by, key: k, text: m.text });
      if (m.edit !== undefined) {
        actions.push({
          kind: 'edit',
          at: Math.min(latest, at + 40_000 + spread(`${k}:e`, 100) * 1000),
          speaker: m.by,
          key: k,
          text: m.edit,
        });
      }
      let n = 0;
      for (const [emoji, who] of m.react ?? []) {
        for (const speaker of who) {
          n += 1;
          actions.push({
            kind: 'react',
            at: Math.min(latest, at + n * 45_000 + spread(`${k}:${n}`, 30) * 1000),
            speaker,
            key: k,
            emoji,
          });
        }
      }
    });
  });
  const ordered = actions
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map(({ a }) => a);
  const joins: DemoAction[] = [];
  const joined = new Set<number>();
  for (const action of ordered) {
    if (joined.has(action.speaker)) continue;
    joined.add(action.speaker);
    joins.push({
      kind: 'join',
      at: action.at - (5 + spread(`${script.repo}:join:${action.speaker}`, 120)) * MINUTE,
      speaker: action.speaker,
    });
  }
  return [...joins, ...ordered]
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map(({ a }) => a);
}

/** `@{n}` becomes speaker n's @name; the text is then cleaned and checked as a send would. */
function messageText(raw: string, handles: string[]): string {
  const text = raw.replace(/@\{(\d+)\}/g, (_all, n: string) => `@${handles[Number(n)] ?? 'someone'}`);
  const problem = validateMessage(text);
  if (problem) throw new Error(`demo content: invalid message (${problem}): ${text.slice(0, 60)}`);
  return sanitizeMessage(text);
}

export interface DemoContentDeps {
  db: Kysely<Database>;
  now: () => number;
  /** Where GitHub's web pages are (profile links and avatars of the fictional accounts). */
  webUrl: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
  conversations?: RoomScript[];
}

/**
 * Demo mode's starting content: rooms of well-known repositories with conversations among the
 * emulator's fictional contributors. Every room is written in one transaction through the same
 * repository functions and room-change step as live sends, joins, edits and reactions (events
 * with gap-free sequence numbers, time-ordered message ids, cleaned text).
 *
 * Idempotent: a room is only written when this run creates it (the unique repository key), so a
 * restart, a second process starting at the same moment (it waits on the key, then finds the
 * room) or a room people already opened never gets demo content twice or mixed in.
 */
export function createDemoContentService(deps: DemoContentDeps) {
  const scripts = deps.conversations ?? DEMO_CONVERSATIONS;

  async function seedRoom(script: RoomScript, nowMs: number): Promise<boolean> {
    const speakers = demoSpeakers(script.repo, script.speakers);
    const actions = planDemoRoom(script, nowMs);
    const iso = (ms: number) => new Date(ms).toISOString();
    const firstAt = actions[0]?.at ?? nowMs;
    return deps.db
      .transaction()
      .execute(async (trx) => {
        const profiles = demoContentRepository(trx);
        const accounts = accountsRepository(trx);
        const roomId = randomUUID();
        const creatorIndex = actions[0]?.speaker ?? 0;
        // Profiles first, so the room's creator exists; a skipped room rolls them back with it.
        const userIds: string[] = [];
        const handles: string[] = [];
        for (const speaker of speakers) {
          let id = await profiles.findProfileIdByGithubId(speaker.githubId);
          if (!id) {
            const free = validateUsername(speaker.login) === null && !(await accounts.isUsernameTaken(speaker.login));
            await profiles.insertProfileIfAbsent(
              profileOf(speaker, free ? speaker.login : null, deps.webUrl, iso(firstAt)),
            );
            id = await profiles.findProfileIdByGithubId(speaker.githubId);
            if (!id) {
              // The username was claimed in the meantime: the account starts without one.
              await profiles.insertProfileIfAbsent(profileOf(speaker, null, deps.webUrl, iso(firstAt)));
              id = await profiles.findProfileIdByGithubId(speaker.githubId);
            }
          }
          if (!id) throw new Error(`demo content: no profile for ${speaker.login}`);
          userIds.push(id);
          const author = (await messagesRepository(trx).findAuthors([id])).get(id);
          handles.push(author?.username ?? speaker.login);
        }
        const created = await roomsRepository(trx).insertIfAbsent({
          id: roomId,
          title: `${script.repo.slice(script.repo.indexOf('/') + 1)} Discussion`,
          repo_full_name: script.repo,
          repo_key: repoKeyOf(script.repo),
          created_by: userIds[creatorIndex] ?? '',
          last_activity_at: iso(firstAt),
          created_at: iso(firstAt),
          last_seq: 0,
          slow_mode_seconds: 0,
          topic: '',
          activity_kinds: DEFAULT_ACTIVITY_KINDS.join(','),
        });
        if (!created) throw new RoomExists();

        const messageIds = new Map<number, string>();
        for (const action of actions) {
          const userId = userIds[action.speaker];
          if (!userId) throw new Error(`demo content: ${script.repo} has no speaker ${action.speaker}`);
          await applyChangeInTransaction(trx, roomId, iso(action.at), async (inner, at) => {
            const events: RoomEvent[] = [];
            if (action.kind === 'join') {
              await membersRepository(inner).upsertActive({
                id: randomUUID(),
                room_id: roomId,
                user_id: userId,
                joined_at: at,
              });
              const author = (await messagesRepository(inner).findAuthors([userId])).get(userId);
              events.push({ type: 'member.joined', member: { user: toUserSummaryDto(userId, author), joined_at: at } });
            } else if (action.kind === 'message') {
              const row: MessageRow = {
                id: timeOrderedIdAt(action.at, spread(`${roomId}:${action.key}`, 0x400)),
                room_id: roomId,
                user_id: userId,
                client_id: randomUUID(),
                content: messageText(action.text, handles),
                created_at: at,
                edited_at: null,
                deleted_at: null,
                removed_by: null,
                reply_to_id: null,
                thread_root_id: null,
                in_room: true,
              };
              if (!(await messagesRepository(inner).insertIfAbsent(row)))
                throw new Error('demo content: message not written');
              messageIds.set(action.key, row.id);
              const author = (await messagesRepository(inner).findAuthors([userId])).get(userId);
              events.push({
                type: 'message.created',
                message: toMessageDto(row, new Map(author ? [[userId, author]] : []), []),
              });
            } else if (action.kind === 'edit') {
              const updated = await messagesRepository(inner).updateOwn(
                messageIds.get(action.key) ?? '',
                userId,
                messageText(action.text, handles),
                at,
              );
              if (!updated) throw new Error('demo content: edited message missing');
              const message = (await presentMessages(inner, [updated]))[0];
              if (!message) throw new Error('demo content: edited message missing');
              await showCurrentTextInLog(inner, message);
              events.push({ type: 'message.updated', message });
            } else {
              const messageId = messageIds.get(action.key);
              if (!messageId) throw new Error('demo content: reaction to a missing message');
              const row = {
                id: randomUUID(),
                message_id: messageId,
                room_id: roomId,
                user_id: userId,
                emoji: action.emoji,
                created_at: at,
              };
              if (await reactionsRepository(inner).insertIfAbsent(row)) {
                const people = await messagesRepository(inner).findAuthors([userId]);
                events.push({ type: 'reaction.added', reaction: toReactionDto(row, people.get(userId)) });
              }
            }
            return { result: undefined, events };
          });
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof RoomExists) return false;
        throw error;
      });
  }

  return {
    /** Writes every demo room that does not exist yet; returns the repositories it filled. */
    async seed(): Promise<string[]> {
      const nowMs = deps.now();
      const filled: string[] = [];
      for (const script of scripts) {
        if (await seedRoom(script, nowMs)) filled.push(script.repo);
      }
      if (filled.length > 0) deps.logger?.info({ rooms: filled }, 'demo content written');
      return filled;
    },
  };
}
export type DemoContentService = ReturnType<typeof createDemoContentService>;

/** Thrown inside a room's transaction to roll it back when the room already exists. */
class RoomExists extends Error {}

function profileOf(speaker: DemoSpeaker, username: string | null, webUrl: string, at: string): NewProfile {
  return {
    id: randomUUID(),
    github_id: speaker.githubId,
    username,
    display_name: initialDisplayName({ name: speaker.name, login: speaker.login }),
    bio: null,
    theme_preference: 'system',
    show_github_stats: true,
    show_repositories: true,
    show_contributions: true,
    show_location: true,
    show_company: true,
    profile_visibility: 'public',
    contribution_streak: 0,
    language_stats: '{}',
    github_synced_at: null,
    github_username: speaker.login,
    github_url: `${webUrl}/${speaker.login}`,
    github_created_at: speaker.createdAt,
    avatar_url: `${webUrl}/avatars/${encodeURIComponent(speaker.login)}`,
    company: null,
    location: speaker.location,
    blog: null,
    github_bio: null,
    email: null,
    public_repos: 0,
    followers: speaker.followers,
    following: speaker.following,
    github_token_sealed: null,
    created_at: at,
    updated_at: at,
  };
}
