import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  findReferences,
  mayHoldReferences,
  parseReferenceUrl,
  referenceKey,
  type GitHubReferenceDto,
  type GitHubReferenceState,
  type ReferenceTarget,
} from '../../../shared/github-references';
import { cleanSingleLineText, limitCombiningMarks } from '../../../shared/validation/clean-text';
import type { Database, MessageRow } from '../../db/schema';
import {
  messageReferencesRepository,
  type StoredReferences,
} from '../../db/repositories/message-references.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import { roomsRepository } from '../../db/repositories/rooms.repository';
import {
  GitHubError,
  UpstreamRefusedError,
  type GitHubApi,
  type UpstreamAllowance,
} from '../../github/github-services';
import type { GitHubIssueDetail } from '../../github/github-types';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { RoomChanges } from '../room-events/room-change';

/** At most this many messages are being resolved at once by one process (each up to 10 reads). */
const CONCURRENT_MESSAGES = 4;
const TITLE_MAX = 300;
/** Upstream GitHub reads one served page of history may start, whatever its messages hold. */
export const REFERENCE_READS_PER_PAGE = 10;
/** Upstream GitHub reads a room's references may cost in an hour: sends, edits and pages together. */
export const REFERENCE_READS_PER_ROOM_HOUR = 100;
const HOUR_MS = 3_600_000;
/**
 * An issue GitHub does not have is asked about again after this long: anyone can type a made-up
 * `#N`, and every message served after a minute would otherwise ask for it again.
 */
const MISSING_TTL_SECONDS = 3600;
/** The check time of references whose reading was put off: due at the next page that shows them. */
const NEVER_CHECKED = new Date(0).toISOString();

export interface MessageReferencesDeps {
  db: Kysely<Database>;
  changes: Pick<RoomChanges, 'commit'>;
  github: Pick<GitHubApi, 'getIssue'>;
  /** GitHub web origins whose issue addresses are references (referenceWebUrls). */
  webUrls: readonly string[];
  /** How long a resolution stands before a served message has it read again (the GitHub cache lifetime). */
  ttlSeconds: number;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
  /** Counts each room's upstream reads over the hour (across processes when Redis is configured). */
  rateLimiter: Pick<RateLimiter, 'hit'>;
}

/** `deferred`: not asked, the room's or the page's allowance being spent; it stays due. */
type Resolution = { ref: GitHubReferenceDto } | { missing: true } | { failed: true } | { deferred: true };
type MessageText = Pick<MessageRow, 'id' | 'room_id' | 'content'>;
interface Job {
  message: MessageText;
  allowance: UpstreamAllowance;
}

/**
 * GitHub references of messages (#123, owner/repo#123, issue and pull request addresses): resolved
 * after the message is stored and acknowledged, never on the way, through the cached GitHub
 * client (one upstream read per reference per cache lifetime, all of a message at once, at most
 * ten), then stored and published to the room as a `message.references` event. A message served
 * after the cache lifetime has its references read again; a changed title or state is stored and
 * published the same way. What cannot be resolved stays a plain link.
 *
 * What the site spends upstream is bounded whatever members type: a missing issue is remembered
 * as missing for an hour, a served page starts at most REFERENCE_READS_PER_PAGE reads, and a
 * room's references cost at most REFERENCE_READS_PER_ROOM_HOUR reads an hour (answers from the
 * cache cost nothing). A reading put off for that is done by a later page that shows the message.
 */
export function createMessageReferencesService(deps: MessageReferencesDeps) {
  const { db, changes, github, webUrls, ttlSeconds, logger, now, rateLimiter } = deps;
  const running = new Map<string, Promise<void>>();
  /** Messages edited (or served) while their references were being read: read again once that ends. */
  const again = new Map<string, Job>();
  /** Pages being checked for references to read again (before their jobs are registered). */
  const checking = new Set<Promise<void>>();
  const waiting: Array<() => void> = [];
  let active = 0;

  async function slot(): Promise<void> {
    if (active < CONCURRENT_MESSAGES) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  /** The room's hourly budget of upstream reads (refused, never failing, when it cannot be counted). */
  function roomAllowance(roomId: string): UpstreamAllowance {
    return {
      take: async () => {
        const key = `github-references:${roomId}`;
        const counted = await rateLimiter.hit(key, REFERENCE_READS_PER_ROOM_HOUR, HOUR_MS).catch(() => undefined);
        return counted?.allowed ?? false;
      },
    };
  }

  /** One served page's share: REFERENCE_READS_PER_PAGE reads at most, each also from the room's budget. */
  function pageAllowance(roomId: string): UpstreamAllowance {
    const room = roomAllowance(roomId);
    let left = REFERENCE_READS_PER_PAGE;
    return {
      take: async () => {
        if (left <= 0) return false;
        left -= 1;
        return room.take();
      },
    };
  }

  async function resolveOne(target: ReferenceTarget, allowance: UpstreamAllowance): Promise<Resolution> {
    try {
      // Anyone can write references, so they may not spend the quota kept for sign-in and the
      // home page: below that reserve they stay plain links until it refills.
      const issue = await github.getIssue(target.repo, target.number, {
        visitor: true,
        upstream: allowance,
        notFoundTtlSeconds: MISSING_TTL_SECONDS,
      });
      const ref = toReference(issue, target, webUrls);
      return ref ? { ref } : { failed: true };
    } catch (error) {
      if (error instanceof UpstreamRefusedError) return { deferred: true };
      if (error instanceof GitHubError && error.kind === 'not_found') return { missing: true };
      return { failed: true };
    }
  }

  /**
   * Reads the message's references (one batch) and stores what changed, publishing it with the
   * room's next sequence number. Under the room lock the message is read again: one deleted or
   * edited meanwhile is left alone, and what another process stored first is not published twice.
   */
  async function refresh(message: MessageText, roomRepo: string, allowance: UpstreamAllowance): Promise<void> {
    const targets = findReferences(message.content, { repo: roomRepo, webUrls });
    const resolutions = await Promise.all(targets.map((target) => resolveOne(target, allowance)));
    const before = await messageReferencesRepository(db).find(message.id);
    const refs = merged(targets, resolutions, before?.refs ?? []);
    // A reading put off keeps the message due: its check time stays as it was.
    const deferred = resolutions.some((resolution) => 'deferred' in resolution);
    const checkedAt = deferred ? (before?.checked_at ?? NEVER_CHECKED) : new Date(now()).toISOString();
    const stored: StoredReferences = { message_id: message.id, room_id: message.room_id, refs, checked_at: checkedAt };
    if (sameRefs(refs, before?.refs ?? [])) {
      // Nothing to show: only remember when GitHub was asked.
      if (!deferred && (await isCurrent(db, message))) await messageReferencesRepository(db).save(stored);
      return;
    }
    await changes.commit(message.room_id, async (trx) => {
      const current = await messageReferencesRepository(trx).find(message.id);
      if (!(await isCurrent(trx, message)) || sameRefs(refs, current?.refs ?? []))
        return { result: undefined, events: [] };
      await messageReferencesRepository(trx).save(stored);
      return {
        result: undefined,
        events: [{ type: 'message.references', message_id: message.id, references: refs }],
      };
    });
  }

  /** `roomRepo` undefined: read with the job (it is registered at once, so `settled` waits for it). */
  function schedule({ message, allowance }: Job, roomRepo?: string): void {
    if (running.has(message.id)) {
      again.set(message.id, { message, allowance });
      return;
    }
    const job = (async () => {
      await slot();
      try {
        const repo = roomRepo ?? (await roomsRepository(db).findById(message.room_id))?.repo_full_name;
        if (repo) await refresh(message, repo, allowance);
      } catch (error) {
        logger.warn({ err: error, messageId: message.id }, 'GitHub references of a message not resolved');
      } finally {
        release();
      }
    })().finally(() => {
      running.delete(message.id);
      const next = again.get(message.id);
      again.delete(message.id);
      if (next) schedule(next);
    });
    running.set(message.id, job);
  }

  const hasCandidates = (content: string) =>
    mayHoldReferences(content) && findReferences(content, { repo: 'room/repo', webUrls }, 1).length > 0;

  return {
    /** After a message is stored: resolves its references in the background (the sender does not wait). */
    afterSend(message: MessageText): void {
      if (hasCandidates(message.content)) schedule({ message, allowance: roomAllowance(message.room_id) });
    },

    /**
     * Within an edit's transaction: keeps the resolved references the new text still has (so they
     * do not blink back to links), drops the others. Returns whether the text has any reference.
     */
    async keepForEdit(trx: Kysely<Database>, message: MessageText) {
      const stored = await messageReferencesRepository(trx).find(message.id);
      if (!hasCandidates(message.content)) {
        if (stored) await messageReferencesRepository(trx).delete(message.id);
        return false;
      }
      if (stored) {
        const room = await roomsRepository(trx).findById(message.room_id);
        const keys = new Set(
          findReferences(message.content, { repo: room?.repo_full_name ?? null, webUrls }).map(referenceKey),
        );
        await messageReferencesRepository(trx).save({
          ...stored,
          refs: stored.refs.filter((ref) => keys.has(referenceKey(ref))),
        });
      }
      return true;
    },

    /** After an edit with references: reads them again in the background. */
    afterEdit(message: MessageText): void {
      if (hasCandidates(message.content)) schedule({ message, allowance: roomAllowance(message.room_id) });
    },

    /**
     * Messages being served (a page of history): those whose references were never resolved, or
     * longer ago than the cache lifetime, are read again in the background, the longest unread
     * first, as many as REFERENCE_READS_PER_PAGE distinct references; the others wait for a
     * later page.
     */
    revalidate(roomId: string, rows: readonly MessageRow[]): Promise<void> {
      const check = revalidatePage(roomId, rows).finally(() => checking.delete(check));
      checking.add(check);
      return check;
    },

    /** Resolves once every resolution started so far has finished (tests, shutdown). */
    async settled(): Promise<void> {
      while (running.size > 0 || checking.size > 0) {
        await Promise.allSettled([...running.values(), ...checking]);
      }
    },
  };

  async function revalidatePage(roomId: string, rows: readonly MessageRow[]): Promise<void> {
    const candidates = rows.filter((row) => row.deleted_at === null && hasCandidates(row.content));
    if (candidates.length === 0) return;
    const stored = await messageReferencesRepository(db).listFor(candidates.map((row) => row.id));
    const staleBefore = now() - ttlSeconds * 1000;
    const checkedAt = (row: MessageRow) => Date.parse(stored.get(row.id)?.checked_at ?? NEVER_CHECKED);
    const due = candidates.filter((row) => checkedAt(row) <= staleBefore).sort((a, b) => checkedAt(a) - checkedAt(b));
    if (due.length === 0) return;
    const room = await roomsRepository(db).findById(roomId);
    if (!room) return;
    const allowance = pageAllowance(roomId);
    const keys = new Set<string>();
    for (const row of due) {
      const own = findReferences(row.content, { repo: room.repo_full_name, webUrls }).map(referenceKey);
      const added = own.filter((key) => !keys.has(key));
      if (keys.size + added.length > REFERENCE_READS_PER_PAGE) continue;
      for (const key of added) keys.add(key);
      schedule({ message: row, allowance }, room.repo_full_name);
    }
  }
}

export type MessageReferencesService = ReturnType<typeof createMessageReferencesService>;

/** Whether the message still shows this text (not deleted, not edited since). */
async function isCurrent(db: Kysely<Database>, message: Pick<MessageRow, 'id' | 'content'>): Promise<boolean> {
  const row = await messagesRepository(db).findById(message.id);
  return row !== undefined && row.deleted_at === null && row.content === message.content;
}

/**
 * The message's references now: each resolved one as GitHub answered; one GitHub could not be
 * asked about (failure, quota, a reading put off) keeps what was known; a missing one is dropped.
 */
function merged(targets: ReferenceTarget[], resolutions: Resolution[], previous: GitHubReferenceDto[]) {
  const known = new Map(previous.map((ref) => [referenceKey(ref), ref]));
  const refs: GitHubReferenceDto[] = [];
  targets.forEach((target, index) => {
    const resolution = resolutions[index];
    if (resolution && 'ref' in resolution) refs.push(resolution.ref);
    else if (resolution && ('failed' in resolution || 'deferred' in resolution)) {
      const before = known.get(referenceKey(target));
      if (before) refs.push(before);
    }
  });
  return refs;
}

function sameRefs(a: GitHubReferenceDto[], b: GitHubReferenceDto[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * GitHub's answer as a reference of the target as written (`#12` of the room's repository stays
 * found under that name even when GitHub spells it otherwise). Null for an answer that is not one.
 */
function toReference(
  issue: GitHubIssueDetail,
  target: ReferenceTarget,
  webUrls: readonly string[],
): GitHubReferenceDto | null {
  if (!issue || typeof issue.title !== 'string' || (issue.state !== 'open' && issue.state !== 'closed')) return null;
  const isPull = issue.pull_request !== undefined && issue.pull_request !== null;
  let state: GitHubReferenceState = issue.state;
  if (isPull && issue.pull_request?.merged_at) state = 'merged';
  else if (isPull && issue.state === 'open' && issue.draft === true) state = 'draft';
  const spelled = typeof issue.html_url === 'string' ? parseReferenceUrl(issue.html_url, webUrls) : null;
  const repo =
    spelled && referenceKey({ ...spelled, number: target.number }) === referenceKey(target)
      ? spelled.repo
      : target.repo;
  return {
    repo,
    number: target.number,
    kind: isPull ? 'pull' : 'issue',
    title: limitCombiningMarks(cleanSingleLineText(issue.title)).slice(0, TITLE_MAX),
    state,
  };
}
