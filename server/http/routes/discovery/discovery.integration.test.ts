import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryListResponse } from '../../../../shared/api/discovery';
import type { GitHubRepository, GitHubSearchResult } from '../../../github/github-types';
import {
  DATASET_NOW,
  roomWithMembers,
  startDiscoveryFixture,
  type DiscoveryFixture,
} from '../../../testing/discovery-fixture';
import { describeEachDatabase } from '../../../testing/databases';

interface Counters {
  total: number;
  byPath: Record<string, number>;
}

describeEachDatabase('discovery endpoints', (engine) => {
  let fx: DiscoveryFixture;
  const list = async (path: string): Promise<DiscoveryListResponse> => {
    const response = await fx.api.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DiscoveryListResponse;
  };
  const stars = (body: DiscoveryListResponse) => body.repositories.map((r) => r.stargazers_count);
  const names = (body: DiscoveryListResponse) => body.repositories.map((r) => r.full_name);
  const searchGitHub = (q: string, extra = '') =>
    fx.github<GitHubSearchResult<GitHubRepository>>(
      `/search/repositories?q=${encodeURIComponent(q)}&per_page=100${extra}`,
    );

  beforeAll(async () => {
    fx = await startDiscoveryFixture(engine);
  });
  afterAll(async () => {
    await fx.destroy();
  });

  describe('trending', () => {
    it('lists up to 6 repositories above 10000 stars, most stars first, briefly cacheable', async () => {
      const response = await fx.api.get('/api/discovery/trending');
      expect(response.headers['cache-control']).toBe('public, max-age=30');
      const body = response.json() as DiscoveryListResponse;
      expect(body.repositories).toHaveLength(6);
      expect(stars(body).every((s) => s > 10_000)).toBe(true);
      expect(stars(body)).toEqual([...stars(body)].sort((a, b) => b - a));
      const upstream = await searchGitHub('stars:>10000', '&sort=stars&order=desc');
      expect(body.total_count).toBe(upstream.total_count);
      expect(body.count_exact).toBe(true);
      expect(names(body)).toEqual(upstream.items.slice(0, 6).map((r) => r.full_name));
    });

    it.each(['Rust', 'Python', 'C++', 'C#', 'Go'])('language %s only returns that language', async (language) => {
      const body = await list(`/api/discovery/trending?language=${encodeURIComponent(language)}`);
      expect(body.repositories.length).toBeGreaterThan(0);
      expect(body.repositories.every((r) => r.language === language)).toBe(true);
    });

    it('respects the star range: a minimum alone, and a bounded range', async () => {
      const min = await list('/api/discovery/trending?minStars=50000');
      expect(min.repositories.length).toBeGreaterThan(0);
      expect(stars(min).every((s) => s >= 50_000)).toBe(true);
      const bounded = await list('/api/discovery/trending?minStars=15000&maxStars=20000');
      expect(bounded.repositories.length).toBeGreaterThan(0);
      expect(stars(bounded).every((s) => s >= 15_000 && s <= 20_000)).toBe(true);
      const all = await list('/api/discovery/trending');
      expect(bounded.total_count).toBeLessThan(all.total_count);
    });

    it('refuses malformed filters with a clear 400', async () => {
      for (const query of [
        'language=Cobol',
        'minStars=-5',
        'minStars=9000&maxStars=1000',
        'created=decade',
        'chats=maybe',
      ]) {
        const response = await fx.api.get(`/api/discovery/trending?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
      }
    });
  });

  describe('recently created', () => {
    it('defaults to repositories created after 2024-01-01', async () => {
      const body = await list('/api/discovery/recent');
      expect(body.repositories.length).toBeGreaterThan(0);
      const upstream = await searchGitHub('created:>2024-01-01');
      expect(body.total_count).toBe(upstream.total_count);
      for (const repo of body.repositories) {
        const raw = upstream.items.find((r) => r.full_name === repo.full_name);
        expect(raw && Date.parse(raw.created_at) >= Date.parse('2024-01-02T00:00:00Z')).toBe(true);
      }
    });

    it.each([
      ['2023', '2023-01-01T00:00:00Z', '2024-01-01T00:00:00Z'],
      ['2024', '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'],
      ['month', '2025-04-01T00:00:00Z', '2025-05-02T00:00:00Z'],
      ['year', '2024-05-01T00:00:00Z', '2025-05-02T00:00:00Z'],
    ])('created=%s keeps repositories created in the range', async (range, from, to) => {
      const body = await list(`/api/discovery/recent?created=${range}`);
      expect(body.repositories.length).toBeGreaterThan(0);
      const all = await searchGitHub(
        `created:${from.slice(0, 10)}..${new Date(Date.parse(to) - 1).toISOString().slice(0, 10)}`,
      );
      expect(body.total_count).toBe(all.total_count);
      const allowed = new Set(all.items.map((r) => r.full_name));
      expect(names(body).every((name) => allowed.has(name))).toBe(true);
    });

    it('created=week is computed from today: nothing in the dataset was created that week', async () => {
      const body = await list('/api/discovery/recent?created=week');
      const since = new Date(DATASET_NOW - 7 * 86_400_000).toISOString().slice(0, 10);
      const upstream = await searchGitHub(`created:>=${since}`);
      expect(body.total_count).toBe(upstream.total_count);
    });

    it('applies the language filter', async () => {
      const body = await list('/api/discovery/recent?language=Python');
      expect(body.repositories.length).toBeGreaterThan(0);
      expect(body.repositories.every((r) => r.language === 'Python')).toBe(true);
    });
  });

  describe('search', () => {
    it('needs more than 2 characters after trimming', async () => {
      for (const q of ['', 'ab', '  ab  ', '   ']) {
        const response = await fx.api.get(`/api/discovery/search?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, JSON.stringify(q)).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: 'q: Search needs more than 2 characters' } });
      }
      expect((await fx.api.get('/api/discovery/search')).statusCode).toBe(400);
    });

    it('passes the text to GitHub and reports its count', async () => {
      const body = await list('/api/discovery/search?q=react');
      const upstream = await searchGitHub('react');
      expect(body.total_count).toBe(upstream.total_count);
      expect(body.total_count).toBeGreaterThan(0);
      expect(names(body)).toEqual(upstream.items.slice(0, 6).map((r) => r.full_name));
    });

    it('pages through GitHub results six at a time for Show more, within GitHub limits', async () => {
      const upstream = await searchGitHub('react', '&per_page=100');
      expect(upstream.total_count).toBeGreaterThan(12);
      const first = await list('/api/discovery/search?q=react');
      const second = await list('/api/discovery/search?q=react&page=2');
      expect(first.has_more).toBe(true);
      expect(names(second)).toEqual(upstream.items.slice(6, 12).map((r) => r.full_name));
      expect(second.total_count).toBe(first.total_count);
      const lastPage = Math.ceil(upstream.total_count / 6);
      if (lastPage <= 166) expect((await list(`/api/discovery/search?q=react&page=${lastPage}`)).has_more).toBe(false);
      for (const bad of ['0', '167', 'x', '1.5']) {
        const response = await fx.api.get(`/api/discovery/search?q=react&page=${bad}`);
        expect(response.statusCode, bad).toBe(400);
      }
    });

    it('lets users type GitHub qualifiers such as topic:ai', async () => {
      const body = await list(`/api/discovery/search?q=${encodeURIComponent('topic:ai')}`);
      const upstream = await searchGitHub('topic:ai');
      expect(upstream.total_count).toBeGreaterThan(6);
      expect(body.total_count).toBe(upstream.total_count);
      const withTopic = new Set(upstream.items.filter((r) => r.topics?.includes('ai')).map((r) => r.full_name));
      expect(names(body).every((name) => withTopic.has(name))).toBe(true);
    });

    it('combines the text with the filters', async () => {
      const body = await list(
        `/api/discovery/search?q=${encodeURIComponent('topic:cli')}&language=Rust&minStars=20000`,
      );
      expect(body.repositories.length).toBeGreaterThan(0);
      expect(body.repositories.every((r) => r.language === 'Rust' && r.stargazers_count >= 20_000)).toBe(true);
    });
  });

  describe('chat filters and Active now', () => {
    let top: GitHubRepository[];
    const dayAgo = (n: number) => new Date(DATASET_NOW - n * 60_000).toISOString();

    beforeAll(async () => {
      top = (await searchGitHub('stars:>10000', '&sort=stars&order=desc')).items;
      const db = fx.app.ctx.database.db;
      await roomWithMembers(db, top[0]!.full_name, {
        active: 5,
        left: 1,
        lastActivityAt: dayAgo(3),
        lastMessageAt: dayAgo(4),
      });
      // Joined most recently, but its last message is older.
      await roomWithMembers(db, top[1]!.full_name, { active: 2, lastActivityAt: dayAgo(1), lastMessageAt: dayAgo(5) });
      // Spelled in another case: rooms match repositories whatever the spelling.
      await roomWithMembers(db, top[2]!.full_name.toUpperCase(), { active: 0, left: 2, lastActivityAt: dayAgo(2) });
    });

    it('with_chats lists exactly the repositories that have a room, with their room data', async () => {
      const body = await list('/api/discovery/trending?chats=with_chats');
      expect(names(body)).toEqual([top[0]!.full_name, top[1]!.full_name, top[2]!.full_name]);
      expect(body.total_count).toBe(3);
      expect(body.count_exact).toBe(true);
      expect(body.repositories.map((r) => r.chat?.active_members)).toEqual([5, 2, 0]);
    });

    it('activity levels count active members only: active = 5+, some = 1-4, none = 0', async () => {
      const active = await list('/api/discovery/trending?activity=active');
      expect(names(active)).toEqual([top[0]!.full_name]);
      expect(active.total_count).toBe(1);
      const some = await list('/api/discovery/trending?activity=some_chats');
      expect(names(some)).toEqual([top[1]!.full_name]);
      expect(some.total_count).toBe(1);
      const none = await list('/api/discovery/trending?activity=no_chats');
      const upstreamTotal = (await list('/api/discovery/trending')).total_count;
      expect(names(none)).toEqual([top[2], top[3], top[4], top[5], top[6], top[7]].map((r) => r!.full_name));
      expect(none.total_count).toBe(upstreamTotal - 2);
    });

    it('no_chats leaves out every repository with a room and counts honestly', async () => {
      const body = await list('/api/discovery/trending?chats=no_chats');
      expect(names(body)).toEqual(top.slice(3, 9).map((r) => r.full_name));
      expect(body.repositories.every((r) => r.chat === null)).toBe(true);
      const upstreamTotal = (await list('/api/discovery/trending')).total_count;
      expect(body.total_count).toBe(upstreamTotal - 3);
      expect(body.count_exact).toBe(true);
    });

    it('chat filters combine with the GitHub-side filters', async () => {
      const language = top[1]!.language!;
      const body = await list(`/api/discovery/trending?chats=with_chats&language=${encodeURIComponent(language)}`);
      const expected = top
        .slice(0, 3)
        .filter((r) => r.language === language)
        .map((r) => r.full_name);
      expect(names(body)).toEqual(expected);
      const contradictory = await list('/api/discovery/trending?chats=no_chats&activity=active');
      expect(contradictory).toMatchObject({ repositories: [], total_count: 0 });
    });

    it('on a free-text search the chat filters are checked on the first 100 matches, and the count says so', async () => {
      const body = await list(`/api/discovery/search?q=${encodeURIComponent('stars:>10000')}&chats=with_chats`);
      expect(body.repositories.length).toBeGreaterThan(0);
      expect(body.repositories.every((r) => r.chat !== null)).toBe(true);
      expect(body.total_count).toBe(body.repositories.length);
      expect(body.count_exact).toBe(false);
      expect(body.count_note).toMatch(/top 100 of [\d,]+ matches/);
    });

    it('Active now lists the rooms with the newest messages, leaves out rooms nobody wrote in, and takes the filters', async () => {
      const response = await fx.api.get('/api/discovery/active');
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as DiscoveryListResponse;
      // top[2] has members and recent activity but no message.
      expect(names(body)).toEqual([top[0]!.full_name, top[1]!.full_name]);
      expect(body.repositories[1]).toMatchObject({
        chat: { active_members: 2, last_message_at: dayAgo(5) },
        stargazers_count: top[1]!.stargazers_count,
      });
      expect(body.repositories[0]!.chat?.last_message_at).toBe(dayAgo(4));
      const veryActive = await list('/api/discovery/active?activity=active');
      expect(names(veryActive)).toEqual([top[0]!.full_name]);
      const otherLanguage = await list('/api/discovery/active?language=Kotlin');
      expect(otherLanguage.repositories.every((r) => r.language === 'Kotlin')).toBe(true);
    });
  });

  describe('GitHub failures and economy', () => {
    afterEach(async () => {
      await fx.control('DELETE', 'failures', {});
    });

    it('answers an empty, uncached list when GitHub search fails', async () => {
      await fx.control('POST', 'failures', { pathPrefix: '/search', status: 503 });
      for (const path of [
        '/api/discovery/trending?language=Kotlin&minStars=13000',
        `/api/discovery/search?q=${encodeURIComponent('never asked before')}`,
      ]) {
        const response = await fx.api.get(path);
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        // Empty because GitHub failed, not because nothing matched: the home page says so.
        expect(response.json()).toMatchObject({
          repositories: [],
          total_count: 0,
          upstream_problem: { kind: 'unavailable' },
        });
      }
    });

    it('a query GitHub refuses (422) gives an empty list', async () => {
      const body = await list(`/api/discovery/search?q=${encodeURIComponent('repo:nobody-here/nothing')}`);
      expect(body).toMatchObject({ repositories: [], total_count: 0 });
      // No matches is not a failure.
      expect(body.upstream_problem ?? null).toBeNull();
    });

    it('repeated home requests cost one upstream call per distinct query', async () => {
      await fx.control('DELETE', 'counters');
      const paths = [
        '/api/discovery/trending?language=Ruby',
        '/api/discovery/recent?language=Ruby',
        `/api/discovery/search?q=${encodeURIComponent('database engine')}`,
      ];
      for (let round = 0; round < 3; round++) {
        await Promise.all(paths.map((path) => list(path)));
      }
      const counters = (await fx.control('GET', 'counters')) as Counters;
      expect(counters.total).toBe(3);
      expect(Object.keys(counters.byPath)).toEqual(['/search/repositories']);
    });
  });
});
