import type { DemoAccountSpec } from './demo';
import { DAY_MS, isoDay, startOfUtcDay } from './dates';
import { createRng, hashString } from './prng';
import type { Issue, Repo } from './types';

/**
 * Activity of demo accounts relative to the emulator's clock: a contribution calendar for the last
 * year and public events for the last 30 days. Each day's numbers come from a generator seeded by
 * (login, date), so a given day always looks the same while "today" moves with the clock.
 */

export interface CalendarDay {
  date: string;
  contributionCount: number;
  weekday: number;
}

/** The parts of a demo account that drive its activity. */
export type ActivitySpec = Pick<DemoAccountSpec, 'login' | 'active' | 'streakDays'>;

export function contributionCount(spec: ActivitySpec, dayMs: number, todayMs: number): number {
  if (!spec.active) return 0;
  const daysAgo = Math.round((todayMs - dayMs) / DAY_MS);
  if (daysAgo < 0) return 0;
  const rng = createRng(`calendar:${spec.login}:${isoDay(dayMs)}`);
  if (daysAgo < spec.streakDays) return rng.int(1, 10);
  // The day before the streak is empty, which is what makes the streak "current" and exact.
  if (daysAgo === spec.streakDays) return 0;
  return rng.chance(0.55) ? rng.int(1, 12) : 0;
}

/** Weeks (Sunday first) covering the last year up to today, the last week possibly partial. */
export function contributionCalendar(
  spec: ActivitySpec,
  nowMs: number,
): { totalContributions: number; weeks: CalendarDay[][] } {
  const today = startOfUtcDay(nowMs);
  let start = today - 364 * DAY_MS;
  start -= new Date(start).getUTCDay() * DAY_MS;
  const weeks: CalendarDay[][] = [];
  let total = 0;
  for (let day = start; day <= today; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weeks.length === 0) weeks.push([]);
    const count = contributionCount(spec, day, today);
    total += count;
    (weeks[weeks.length - 1] as CalendarDay[]).push({ date: isoDay(day), contributionCount: count, weekday });
  }
  return { totalContributions: total, weeks };
}

export type ActivityPayload =
  | { kind: 'push'; ref: string; head: string; before: string; pushId: number }
  | { kind: 'issues'; action: 'opened' | 'closed' | 'reopened'; issue: Issue }
  | { kind: 'pull_request'; action: 'opened' | 'closed' | 'merged'; issue: Issue }
  | { kind: 'watch' }
  | { kind: 'create'; refType: 'branch' | 'tag'; ref: string };

export interface ActivityEvent {
  id: string;
  type: 'PushEvent' | 'IssuesEvent' | 'PullRequestEvent' | 'WatchEvent' | 'CreateEvent';
  repo: Repo;
  createdMs: number;
  payload: ActivityPayload;
}

export interface ActivitySource {
  ownRepos: Repo[];
  contributedRepos: Repo[];
  issuesOf(repo: Repo): Issue[];
}

export function sha(seed: string): string {
  let out = '';
  for (let i = 0; i < 5; i++) out += hashString(`${seed}:${i}`).toString(16).padStart(8, '0');
  return out;
}

const EVENT_DAYS = 30;
const MAX_EVENTS = 300;

/** Public events of the last 30 days, newest first (at most 300, like GitHub). */
export function publicEvents(spec: DemoAccountSpec, source: ActivitySource, nowMs: number): ActivityEvent[] {
  if (!spec.active) return [];
  const today = startOfUtcDay(nowMs);
  const own = source.ownRepos.filter((r) => !r.fork);
  const pushTargets = [...own, ...source.contributedRepos];
  if (pushTargets.length === 0) return [];
  const events: ActivityEvent[] = [];
  for (let daysAgo = 0; daysAgo < EVENT_DAYS; daysAgo++) {
    const day = today - daysAgo * DAY_MS;
    const count = contributionCount(spec, day, today);
    if (count === 0) continue;
    const rng = createRng(`events:${spec.login}:${isoDay(day)}`);
    const n = Math.min(count, rng.int(1, 4));
    // Today's events happened before "now"; earlier days use the whole day.
    const span = daysAgo === 0 ? Math.max(1, nowMs - day) : DAY_MS;
    const times = Array.from({ length: n }, () => day + Math.floor(rng.next() * span)).sort((a, b) => a - b);
    times.forEach((createdMs, idx) => {
      const id = String(40_000_000_000 + Math.floor(day / DAY_MS) * 100 + idx);
      const roll = rng.next();
      const dayKey = `${spec.login}:${isoDay(day)}:${idx}`;
      let event: ActivityEvent | null = null;
      if (roll < 0.15 && source.contributedRepos.length > 0) {
        event = {
          id,
          type: 'WatchEvent',
          repo: rng.pick(source.contributedRepos),
          createdMs,
          payload: { kind: 'watch' },
        };
      } else if (roll < 0.25 && own.length > 0) {
        const tag = rng.chance(0.4);
        const ref = tag
          ? `v0.${rng.int(1, 9)}.${rng.int(0, 9)}`
          : rng.pick(['fix-typos', 'docs-update', 'feature/cache', 'refactor-parser']);
        event = {
          id,
          type: 'CreateEvent',
          repo: rng.pick(own),
          createdMs,
          payload: { kind: 'create', refType: tag ? 'tag' : 'branch', ref },
        };
      } else if (roll < 0.55) {
        const repo = rng.pick(pushTargets);
        const items = source.issuesOf(repo);
        const wantPull = roll >= 0.4;
        const candidates = items.filter((i) => i.pull === wantPull);
        if (candidates.length > 0) {
          const issue = rng.pick(candidates);
          event = wantPull
            ? {
                id,
                type: 'PullRequestEvent',
                repo,
                createdMs,
                payload: { kind: 'pull_request', action: issue.state === 'open' ? 'opened' : 'merged', issue },
              }
            : {
                id,
                type: 'IssuesEvent',
                repo,
                createdMs,
                payload: { kind: 'issues', action: issue.state === 'open' ? 'opened' : 'closed', issue },
              };
        }
      }
      if (!event) {
        const repo = rng.pick(pushTargets);
        event = {
          id,
          type: 'PushEvent',
          repo,
          createdMs,
          payload: {
            kind: 'push',
            ref: `refs/heads/${repo.default_branch}`,
            head: sha(`${dayKey}:head`),
            before: sha(`${dayKey}:before`),
            pushId: 20_000_000_000 + Math.floor(day / DAY_MS) * 100 + idx,
          },
        };
      }
      events.push(event);
    });
  }
  events.sort((a, b) => b.createdMs - a.createdMs || (a.id < b.id ? 1 : -1));
  return events.slice(0, MAX_EVENTS);
}
