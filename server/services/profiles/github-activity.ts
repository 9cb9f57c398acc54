import type { ContributionDay, GitHubEvent, GitHubRepository } from '../../github/github-types';
import { PUBLIC_CONTRIBUTIONS_LIMIT, PUBLIC_REPOSITORIES_LIMIT } from '../../../shared/limits';

/**
 * Pure summaries of a user's GitHub data for a profile sync (docs/GITHUB.md §4, "Profile sync").
 * Forks are dropped everywhere: they say little about what the user builds.
 */

/** The user's own repositories (forks dropped), most stars first, at most 12. */
export function topRepositories(repos: GitHubRepository[], limit = PUBLIC_REPOSITORIES_LIMIT): GitHubRepository[] {
  return repos
    .filter((repo) => !repo.fork)
    .sort((a, b) => b.stargazers_count - a.stargazers_count || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/**
 * Language → number of repositories, over every non-fork repository fetched (not only the top 12),
 * so the public "Top Languages" reflects all of the user's own work.
 */
export function languageCounts(repos: GitHubRepository[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const repo of repos) {
    if (repo.fork || !repo.language) continue;
    counts[repo.language] = (counts[repo.language] ?? 0) + 1;
  }
  return counts;
}

export interface ContributionSummary {
  repo_full_name: string;
  contribution_type: string;
  contribution_count: number;
}

/**
 * Public events grouped by repository and event type, most frequent first, at most 10.
 * Each event counts once (a PushEvent is one push: github.com no longer lists its commits).
 */
export function groupContributions(events: GitHubEvent[], limit = PUBLIC_CONTRIBUTIONS_LIMIT): ContributionSummary[] {
  const groups = new Map<string, ContributionSummary>();
  for (const event of events) {
    const repo = event.repo?.name;
    if (!repo || !event.type) continue;
    const key = `${repo}\u0000${event.type}`;
    const group = groups.get(key);
    if (group) group.contribution_count += 1;
    else groups.set(key, { repo_full_name: repo, contribution_type: event.type, contribution_count: 1 });
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        b.contribution_count - a.contribution_count ||
        a.repo_full_name.localeCompare(b.repo_full_name) ||
        a.contribution_type.localeCompare(b.contribution_type),
    )
    .slice(0, limit);
}

const DAY_MS = 86_400_000;

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Consecutive active days ending today, or yesterday when today has nothing yet (UTC days):
 * a streak is not broken before the day is over.
 */
export function streakFromActiveDays(activeDays: Set<string>, nowMs: number): number {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  let day = activeDays.has(utcDay(today)) ? today : today - DAY_MS;
  let streak = 0;
  while (activeDays.has(utcDay(day))) {
    streak += 1;
    day -= DAY_MS;
  }
  return streak;
}

/** Streak from the GraphQL contribution calendar. */
export function streakFromCalendar(days: ContributionDay[], nowMs: number): number {
  const active = new Set(days.filter((d) => d.contributionCount > 0).map((d) => d.date.slice(0, 10)));
  return streakFromActiveDays(active, nowMs);
}

/** Fallback streak when no calendar can be read: days with at least one public event. */
export function streakFromEvents(events: GitHubEvent[], nowMs: number): number {
  const active = new Set<string>();
  for (const event of events) {
    const ms = Date.parse(event.created_at);
    if (Number.isFinite(ms)) active.add(utcDay(ms));
  }
  return streakFromActiveDays(active, nowMs);
}
