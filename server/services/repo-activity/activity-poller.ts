import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  repositoryActivityRepository,
  type ActivityPollRow,
  type ActivityRoomRow,
} from '../../db/repositories/repository-activity.repository';
import type { Database } from '../../db/schema';
import type { GitHubApi } from '../../github/github-services';
import type { RepositoryEventsReader } from '../../github/repository-events';
import { activityFromEvents, eventsAfter, newestEventId } from './activity-from-events';
import type { PollLease } from './poll-lease';
import type { RoomActivityService } from './room-activity.service';

/** A room with no member online stays watched this long after its last message. */
export const ACTIVE_ROOM_WINDOW_MS = 60 * 60 * 1000;
/** How often the poller looks for repositories due. */
export const POLLER_TICK_MS = 1000;
/** A repository GitHub does not know (or refuses) is asked about again after this. */
const FAILED_RETRY_SECONDS = 600;
/**
 * The share of the site's GitHub quota kept for what people ask for (repository facts, search,
 * references): activity is the least needed use of it, so below this share left, polling waits
 * for the quota's reset.
 */
export const ACTIVITY_QUOTA_RESERVE = 0.2;
/** Longest a poll may hold its repository's lease (a process that dies mid-poll frees it after this). */
const LEASE_MS = 30_000;

export interface ActivityPollerDeps {
  db: Kysely<Database>;
  events: RepositoryEventsReader;
  github: Pick<GitHubApi, 'getIssue' | 'getRepository' | 'quota'>;
  webUrl: string;
  lease: PollLease;
  activity: RoomActivityService;
  /** Rooms with a member's socket on this process. */
  onlineRoomIds(): string[];
  /** Each request made for a repository's events, and whether it spent quota (a 304 does not). */
  onRequest?(repoFullName: string, spent: boolean): void;
  logger: Logger;
  now(): number;
  tickMs?: number;
}

/**
 * Polls the events of the repositories whose rooms have members online or a message in the last
 * hour, each no sooner than GitHub's X-Poll-Interval, with its ETag (a 304 spends no quota), and
 * adds what happened to their rooms as activity rows. One process polls a repository at a time
 * (its lease); where polling stands is kept in the database, so any process continues it.
 */
export function startActivityPoller(deps: ActivityPollerDeps) {
  const { db, logger, now } = deps;
  const polls = repositoryActivityRepository(db);
  let running: Promise<void> | undefined;
  let stopped = false;

  const isDue = (state: ActivityPollRow | undefined) =>
    !state || now() >= Date.parse(state.polled_at) + state.poll_interval_seconds * 1000;

  /** Polls a repository found due, under its lease. */
  async function pollRepository(rooms: ActivityRoomRow[]): Promise<void> {
    const { repo_key: repoKey } = rooms[0] as ActivityRoomRow;
    if (!(await deps.lease.take(repoKey, LEASE_MS))) return;
    try {
      // Read again under the lease: another process may have polled since.
      const state = await polls.findPoll(repoKey);
      if (isDue(state)) await pollHeld(rooms[0] as ActivityRoomRow, state);
    } finally {
      await deps.lease.release(repoKey).catch(() => undefined);
    }
  }

  async function pollHeld(room: ActivityRoomRow, state: ActivityPollRow | undefined): Promise<void> {
    const { repo_key: repoKey, repo_full_name: fullName } = room;
    const polledAt = new Date(now()).toISOString();
    try {
      const result = await deps.events.poll(fullName, state?.etag ?? null);
      deps.onRequest?.(fullName, result.changed);
      if (!result.changed) {
        await polls.savePoll({
          repo_key: repoKey,
          etag: state?.etag ?? null,
          last_event_id: state?.last_event_id ?? null,
          poll_interval_seconds: result.pollIntervalSeconds,
          polled_at: polledAt,
        });
        return;
      }
      // The first poll of a repository only marks where it stands: its history is not news.
      const fresh = state ? eventsAfter(result.events, state.last_event_id ?? '0') : [];
      await polls.savePoll({
        repo_key: repoKey,
        etag: result.etag,
        last_event_id: newestEventId(result.events, state?.last_event_id ?? null),
        poll_interval_seconds: result.pollIntervalSeconds,
        polled_at: polledAt,
      });
      if (fresh.length === 0) return;
      const rows = await activityFromEvents(fullName, fresh, { github: deps.github, webUrl: deps.webUrl });
      for (const shown of await polls.roomsOfRepository(repoKey)) {
        await deps.activity.record(shown.id, rows);
      }
    } catch (error) {
      logger.warn({ err: error, repo: fullName }, 'polling the repository events failed');
      await polls.savePoll({
        repo_key: repoKey,
        etag: state?.etag ?? null,
        last_event_id: state?.last_event_id ?? null,
        poll_interval_seconds: Math.max(state?.poll_interval_seconds ?? 0, FAILED_RETRY_SECONDS),
        polled_at: polledAt,
      });
    }
  }

  /** The site's core quota is nearly spent (as last seen) and not reset yet. */
  function quotaReserved(): boolean {
    const core = deps.github.quota().find((q) => q.resource === 'core');
    if (!core || Date.parse(core.resetAt) <= now()) return false;
    return core.remaining < Math.max(10, core.limit * ACTIVITY_QUOTA_RESERVE);
  }

  async function tick(): Promise<void> {
    if (quotaReserved()) return;
    const since = new Date(now() - ACTIVE_ROOM_WINDOW_MS).toISOString();
    const rooms = await polls.roomsToWatch(deps.onlineRoomIds(), since);
    const byRepository = new Map<string, ActivityRoomRow[]>();
    for (const room of rooms) {
      const list = byRepository.get(room.repo_key);
      if (list) list.push(room);
      else byRepository.set(room.repo_key, [room]);
    }
    // Where every watched repository stands, in one read: most are not due on a given tick.
    const states = await polls.findPolls([...byRepository.keys()]);
    for (const [repoKey, repoRooms] of byRepository) {
      if (!isDue(states.get(repoKey))) continue;
      if (stopped || quotaReserved()) return;
      await pollRepository(repoRooms);
    }
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((error: unknown) => logger.warn({ err: error }, 'activity poller tick failed'))
      .finally(() => {
        running = undefined;
      });
  }, deps.tickMs ?? POLLER_TICK_MS);
  timer.unref();

  return {
    /** Stops polling; resolves once the poll under way (if any) has finished. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
