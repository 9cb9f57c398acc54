import { describe, expect, it } from 'vitest';
import type { GitHubEvent } from '../../github/github-types';
import { activityFromEvents, eventsAfter, newestEventId } from './activity-from-events';

const event = (id: string, type: string, payload: Record<string, unknown>): GitHubEvent =>
  ({
    id,
    type,
    repo: { name: 'o/r' },
    created_at: '2026-11-27T10:00:00Z',
    payload,
    actor: { login: 'ada' },
  }) as GitHubEvent;

const lookups = (merged: boolean) => ({
  webUrl: 'https://github.com',
  github: {
    getIssue: async (_repo: string, number: number) => ({
      number,
      title: `Pull ${number}`,
      state: 'closed' as const,
      html_url: `https://github.com/o/r/pull/${number}`,
      pull_request: { merged_at: merged ? '2026-11-27T10:00:00Z' : null },
    }),
    getRepository: async () => ({ default_branch: 'main' }) as never,
  },
});

describe('activity rows from repository events', () => {
  it('keeps releases, merges, new issues and pushes to the default branch, oldest first', async () => {
    const rows = await activityFromEvents(
      'o/r',
      [
        event('5', 'PushEvent', { ref: 'refs/heads/feature', size: 1, before: 'a', head: 'b' }),
        event('4', 'PushEvent', { ref: 'refs/heads/main', size: 3, before: 'a'.repeat(40), head: 'b'.repeat(40) }),
        event('3', 'IssuesEvent', { action: 'opened', issue: { number: 9, title: 'Bug', html_url: 'u9' } }),
        event('2', 'PullRequestEvent', { action: 'closed', number: 7, pull_request: { merged: true, title: 'Fix' } }),
        event('1', 'ReleaseEvent', { action: 'published', release: { tag_name: 'v1', html_url: 'u1' } }),
        event('0', 'WatchEvent', { action: 'started' }),
      ],
      lookups(true),
    );
    expect(rows.map((row) => [row.kind, row.tag ?? row.number ?? row.branch, row.title, row.commits])).toEqual([
      ['release', 'v1', null, null],
      ['merge', 7, 'Fix', null],
      ['issue', 9, 'Bug', null],
      ['push', 'main', null, 3],
    ]);
  });

  it('reads a trimmed pull request to know whether it was merged, and leaves a closed one out', async () => {
    const trimmed = [
      event('2', 'PullRequestEvent', { action: 'closed', number: 7, pull_request: { id: 1, number: 7 } }),
    ];
    expect((await activityFromEvents('o/r', trimmed, lookups(true)))[0]).toMatchObject({
      kind: 'merge',
      title: 'Pull 7',
    });
    expect(await activityFromEvents('o/r', trimmed, lookups(false))).toEqual([]);
  });

  it('takes only events newer than the last one seen, by their growing ids', () => {
    const events = [event('100000000002', 'X', {}), event('99999999999', 'X', {}), event('100000000001', 'X', {})];
    expect(eventsAfter(events, '100000000001').map((e) => e.id)).toEqual(['100000000002']);
    expect(eventsAfter(events, null)).toEqual([]);
    expect(newestEventId(events, '5')).toBe('100000000002');
    expect(newestEventId([], '5')).toBe('5');
  });
});
