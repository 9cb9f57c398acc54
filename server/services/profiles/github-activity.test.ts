import { describe, expect, it } from 'vitest';
import type { GitHubEvent, GitHubRepository } from '../../github/github-types';
import {
  groupContributions,
  languageCounts,
  streakFromCalendar,
  streakFromEvents,
  topRepositories,
} from './github-activity';

const NOW = Date.parse('2026-11-21T15:00:00Z');

function repo(name: string, stars: number, language: string | null, fork = false): GitHubRepository {
  return {
    id: stars,
    name,
    full_name: `me/${name}`,
    owner: { login: 'me', id: 1, avatar_url: '' },
    description: null,
    html_url: `https://github.com/me/${name}`,
    language,
    stargazers_count: stars,
    forks_count: 0,
    open_issues_count: 0,
    fork,
    archived: false,
    default_branch: 'main',
    created_at: '2020-01-01T00:00:00Z',
    pushed_at: null,
  };
}

function event(type: string, repoName: string, createdAt = '2026-11-21T10:00:00Z'): GitHubEvent {
  return { id: `${type}${repoName}${createdAt}`, type, repo: { name: repoName }, created_at: createdAt };
}

describe('topRepositories', () => {
  it('drops forks and keeps the 12 most starred', () => {
    const repos = [repo('fork', 10_000, 'Go', true), ...Array.from({ length: 14 }, (_, i) => repo(`r${i}`, i, 'Go'))];
    const top = topRepositories(repos);
    expect(top).toHaveLength(12);
    expect(top[0]?.name).toBe('r13');
    expect(top.some((r) => r.fork)).toBe(false);
  });
});

describe('languageCounts', () => {
  it('counts non-fork repositories per language, skipping unknown languages', () => {
    expect(
      languageCounts([repo('a', 1, 'Go'), repo('b', 2, 'Go'), repo('c', 3, null), repo('d', 4, 'Rust', true)]),
    ).toEqual({ Go: 2 });
  });
});

describe('groupContributions', () => {
  it('groups by repository and type, most frequent first, at most 10', () => {
    const events = [
      event('PushEvent', 'a/x'),
      event('PushEvent', 'a/x'),
      event('PushEvent', 'a/x'),
      event('IssuesEvent', 'a/x'),
      event('PushEvent', 'b/y'),
      event('PushEvent', 'b/y'),
    ];
    expect(groupContributions(events)).toEqual([
      { repo_full_name: 'a/x', contribution_type: 'PushEvent', contribution_count: 3 },
      { repo_full_name: 'b/y', contribution_type: 'PushEvent', contribution_count: 2 },
      { repo_full_name: 'a/x', contribution_type: 'IssuesEvent', contribution_count: 1 },
    ]);
    const many = Array.from({ length: 15 }, (_, i) => event('PushEvent', `r/${i}`));
    expect(groupContributions(many)).toHaveLength(10);
  });
});

describe('streaks', () => {
  const day = (date: string, contributionCount: number) => ({ date, contributionCount });

  it('counts consecutive days ending today', () => {
    const calendar = [day('2026-11-18', 1), day('2026-11-19', 2), day('2026-11-20', 1), day('2026-11-21', 4)];
    expect(streakFromCalendar(calendar, NOW)).toBe(4);
  });

  it('still counts a streak ending yesterday when today is empty so far', () => {
    const calendar = [day('2026-11-19', 2), day('2026-11-20', 1), day('2026-11-21', 0)];
    expect(streakFromCalendar(calendar, NOW)).toBe(2);
  });

  it('is broken by an empty day', () => {
    const calendar = [day('2026-11-17', 5), day('2026-11-18', 0), day('2026-11-19', 0), day('2026-11-20', 0)];
    expect(streakFromCalendar(calendar, NOW)).toBe(0);
    expect(streakFromCalendar([day('2026-11-19', 1), day('2026-11-20', 0), day('2026-11-21', 1)], NOW)).toBe(1);
  });

  it('falls back to days with public events', () => {
    const events = [
      event('PushEvent', 'a/x', '2026-11-21T01:00:00Z'),
      event('PushEvent', 'a/x', '2026-11-20T23:59:59Z'),
      event('WatchEvent', 'a/x', '2026-11-20T02:00:00Z'),
      event('PushEvent', 'a/x', '2026-11-19T12:00:00Z'),
      event('PushEvent', 'a/x', '2026-11-17T12:00:00Z'),
    ];
    expect(streakFromEvents(events, NOW)).toBe(3);
    expect(streakFromEvents([], NOW)).toBe(0);
  });
});
