import type { DateRange, DiscoveryFilters } from '../../../shared/api/discovery';
import { STAR_FILTER_MAX, TRENDING_MIN_STARS } from '../../../shared/limits';
import type { GitHubRepository } from '../../github/github-types';

/**
 * One GitHub search qualifier together with the same condition evaluated on a repository we
 * already hold. Keeping both side by side lets the server answer "does this repository match
 * the list's query?" without asking GitHub again (used by the chat filters).
 */
export interface SearchClause {
  qualifier: string;
  matches(repo: Pick<GitHubRepository, 'language' | 'stargazers_count' | 'created_at'>): boolean;
}

const DAY_MS = 86_400_000;

/** GitHub's language qualifier values: lower case, as GitHub spells them (`c++`, `c#`). */
export function languageQualifierValue(language: DiscoveryFilters['language']): string | null {
  return language === 'All Languages' ? null : language.toLowerCase();
}

export function languageClause(language: DiscoveryFilters['language']): SearchClause | null {
  const value = languageQualifierValue(language);
  if (!value) return null;
  return { qualifier: `language:${value}`, matches: (repo) => (repo.language ?? '').toLowerCase() === value };
}

/** Trending's base: more than 10000 stars. */
export function trendingClause(): SearchClause {
  return {
    qualifier: `stars:>${TRENDING_MIN_STARS}`,
    matches: (repo) => repo.stargazers_count > TRENDING_MIN_STARS,
  };
}

/** The star slider: `stars:>=min`, or `stars:min..max` when the top is below '100k+'. */
export function starsClause(minStars: number, maxStars: number): SearchClause | null {
  const hasMax = maxStars < STAR_FILTER_MAX;
  if (minStars <= 0 && !hasMax) return null;
  if (!hasMax) {
    return { qualifier: `stars:>=${minStars}`, matches: (repo) => repo.stargazers_count >= minStars };
  }
  return {
    qualifier: `stars:${minStars}..${maxStars}`,
    matches: (repo) => repo.stargazers_count >= minStars && repo.stargazers_count <= maxStars,
  };
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** `created:>=DAY`: created on that UTC day or later. */
function createdFrom(day: string): SearchClause {
  const from = dayStart(day);
  return { qualifier: `created:>=${day}`, matches: (repo) => Date.parse(repo.created_at) >= from };
}

/** `created:>DAY`: created after that UTC day. */
export function createdAfter(day: string): SearchClause {
  const from = dayStart(day) + DAY_MS;
  return { qualifier: `created:>${day}`, matches: (repo) => Date.parse(repo.created_at) >= from };
}

/** `created:A..B`: both days included. */
function createdBetween(first: string, last: string): SearchClause {
  const from = dayStart(first);
  const to = dayStart(last) + DAY_MS;
  return {
    qualifier: `created:${first}..${last}`,
    matches: (repo) => {
      const created = Date.parse(repo.created_at);
      return created >= from && created < to;
    },
  };
}

/**
 * The created filter, computed from today's UTC date: week = the last 7 days, month = since the
 * same day last month, year = since the same day last year, 2024/2023 = that calendar year.
 */
export function createdClause(range: DateRange, nowMs: number): SearchClause | null {
  const today = new Date(nowMs);
  switch (range) {
    case 'all':
      return null;
    case 'week':
      return createdFrom(isoDay(nowMs - 7 * DAY_MS));
    case 'month':
      return createdFrom(isoDay(shiftMonths(today, -1)));
    case 'year':
      return createdFrom(isoDay(shiftMonths(today, -12)));
    case '2024':
    case '2023':
      return createdBetween(`${range}-01-01`, `${range}-12-31`);
  }
}

/** Same day N months away, clamped to the month's end (31 March − 1 month = 28/29 February). */
function shiftMonths(date: Date, months: number): number {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

/** The GitHub-side filters (language, stars, created) shared by every list. */
export function filterClauses(filters: DiscoveryFilters, nowMs: number): SearchClause[] {
  return [
    languageClause(filters.language),
    starsClause(filters.minStars, filters.maxStars),
    createdClause(filters.dateRange, nowMs),
  ].filter((clause): clause is SearchClause => clause !== null);
}

export function joinQualifiers(clauses: SearchClause[], text = ''): string {
  return [text.trim(), ...clauses.map((clause) => clause.qualifier)].filter(Boolean).join(' ');
}

export function matchesAll(clauses: SearchClause[], repo: Parameters<SearchClause['matches']>[0]): boolean {
  return clauses.every((clause) => clause.matches(repo));
}
