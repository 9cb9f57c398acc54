import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATASET_AS_OF_MS, DAY_MS, isoDay } from '../dataset/dates';
import { DEMO_ACCOUNTS } from '../dataset/demo';
import { Dataset, loadDataset } from '../dataset/index';
import { GOOD_FIRST_ISSUE } from '../dataset/issues';
import type { SeedFile } from '../dataset/types';

const seed = JSON.parse(readFileSync(new URL('../data/repositories.json', import.meta.url), 'utf8')) as SeedFile;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

function snapshot(d: Dataset): string {
  return JSON.stringify(
    d.repos
      .map((r) => ({
        r,
        c: d.contributors(r),
        rel: d.releases(r),
        i: d.issues(r),
        owner: d.account(r.ownerLogin),
      }))
      .concat(d.demoLogins().map((l) => ({ events: d.events(l, NOW), cal: d.calendar(l, NOW) })) as never[]),
  );
}

describe('dataset', () => {
  // Generates every list twice: allow for slow, busy machines.
  it('is deterministic: two independent builds produce identical JSON', { timeout: 60_000 }, () => {
    expect(snapshot(new Dataset(seed))).toBe(snapshot(new Dataset(seed)));
  });

  it('builds quickly (best of three)', () => {
    const times = [0, 1, 2].map(() => {
      const start = performance.now();
      new Dataset(seed);
      return performance.now() - start;
    });
    expect(Math.min(...times)).toBeLessThan(300);
  });

  it('contains every seed repository plus demo and quirk repositories, with unique ids', () => {
    const d = loadDataset();
    expect(d.repos.filter((r) => r.origin === 'dataset')).toHaveLength(seed.repositories.length);
    expect(new Set(d.repos.map((r) => r.id)).size).toBe(d.repos.length);
    for (const s of seed.repositories) {
      const repo = d.repoByFullName(s.full_name);
      expect(repo?.stargazers_count).toBe(s.stargazers_count);
      expect(repo?.license).toBe(s.license);
      expect(repo?.created_at.slice(0, 10)).toBe(s.created_at);
    }
  });

  it('keeps generated times relative to the dataset date', () => {
    for (const r of loadDataset().repos) {
      expect(Date.parse(r.pushed_at)).toBeLessThanOrEqual(DATASET_AS_OF_MS);
      expect(Date.parse(r.pushed_at)).toBeGreaterThan(Date.parse(r.created_at));
      expect(Date.parse(r.updated_at)).toBeLessThanOrEqual(DATASET_AS_OF_MS);
    }
  });

  it('has at least five complete demo accounts with repositories, a fork and distinct star counts', () => {
    const d = loadDataset();
    const complete = d.demoLogins().filter((login) => d.account(login)?.createdDaysBeforeNow === undefined);
    expect(complete.length).toBeGreaterThanOrEqual(5);
    for (const login of complete) {
      const a = d.account(login);
      expect(a?.demo).toBe(true);
      for (const field of ['name', 'company', 'blog', 'location', 'email', 'bio'] as const) {
        if (field !== 'company') expect(a?.[field], `${login}.${field}`).toBeTruthy();
      }
      const year = Number(a?.created_at.slice(0, 4));
      expect(year).toBeGreaterThanOrEqual(2010);
      expect(year).toBeLessThanOrEqual(2020);
      expect(d.reposOf(login).length).toBeGreaterThanOrEqual(2);
    }
    const forks = d.repos.filter((r) => r.fork);
    expect(forks.length).toBeGreaterThanOrEqual(1);
    for (const f of forks) expect(d.repoByFullName(f.parent ?? '')).toBeDefined();
    const ada = d.reposOf('ada-demo').map((r) => r.stargazers_count);
    expect(new Set(ada).size).toBe(ada.length);
    expect(new Set(d.reposOf('ada-demo').map((r) => r.language)).size).toBeGreaterThanOrEqual(3);
  });

  it('generates contributors, releases and issues that fit together', { timeout: 30_000 }, () => {
    const d = loadDataset();
    let withGfi = 0;
    let withoutGfi = 0;
    for (const repo of d.repos.filter((r) => r.origin === 'dataset')) {
      const contributors = d.contributors(repo);
      expect(contributors.length).toBeGreaterThanOrEqual(10);
      expect(contributors.length).toBeLessThanOrEqual(30);
      for (const c of contributors) expect(d.account(c.login), c.login).toBeDefined();
      const counts = contributors.map((c) => c.contributions);
      expect(counts).toEqual(counts.slice().sort((a, b) => b - a));
      for (const rel of d.releases(repo)) expect(rel.tag_name).toMatch(/^v?\d+\.\d+\.\d+(-[a-z]+\.\d+)?$/);
      const issues = d.issues(repo);
      expect(issues.filter((i) => i.state === 'open')).toHaveLength(repo.open_issues_count);
      const gfi = issues.filter(
        (i) => i.state === 'open' && !i.pull && i.labels.some((l) => l.name === GOOD_FIRST_ISSUE),
      );
      for (const i of gfi) {
        expect(i.labels.length).toBeGreaterThanOrEqual(1);
        expect(i.labels.length).toBeLessThanOrEqual(4);
      }
      if (gfi.length >= 2) withGfi++;
      if (gfi.length === 0) withoutGfi++;
    }
    expect(withGfi).toBeGreaterThan(400);
    expect(withoutGfi).toBeGreaterThan(20);
    expect(d.repos.some((r) => d.issues(r).some((i) => i.pull))).toBe(true);
  });

  it('gives the empty quirk repository no contributors, releases or issues', () => {
    const d = loadDataset();
    const empty = d.repoByFullName('reporooms-quirks/empty-repo');
    expect(empty && d.contributors(empty)).toEqual([]);
    expect(empty && d.releases(empty)).toEqual([]);
    expect(empty && d.issues(empty)).toEqual([]);
    const moved = d.lookupRepo('reporooms-quirks', 'old-name');
    expect(moved.kind).toBe('moved');
  });

  it('gives the naughty-strings quirk repository its hand-written hostile lists', () => {
    const d = loadDataset();
    const repo = d.repoByFullName('reporooms-quirks/naughty-strings');
    expect(repo?.description).toContain("window.__xss('gh-desc')");
    expect(repo?.topics.some((t) => t.includes("window.__xss('gh-topic-1')"))).toBe(true);
    if (!repo) return;
    const issues = d.issues(repo);
    expect(issues.filter((i) => i.state === 'open')).toHaveLength(repo.open_issues_count);
    const gfi = issues.filter(
      (i) => i.state === 'open' && !i.pull && i.labels.some((l) => l.name === GOOD_FIRST_ISSUE),
    );
    expect(gfi.length).toBeGreaterThanOrEqual(3);
    for (const issue of issues) for (const l of issue.labels) expect([...l.name].length).toBeLessThanOrEqual(50);
    expect(
      d
        .releases(repo)
        .map((r) => r.tag_name)
        .join(' '),
    ).toContain("window.__xss('gh-tag-1')");
    // Payloads, yet still names git accepts for a tag.
    for (const r of d.releases(repo)) expect(r.tag_name).not.toMatch(/[\s~^:?*[\\]|\.\.|@\{/);
    const contributors = d.contributors(repo);
    expect(contributors.length).toBeGreaterThan(0);
    for (const c of contributors) {
      expect(c.login).toMatch(/^[a-z0-9-]+$/);
      expect(d.account(c.login)?.name).toContain('window.__xss(');
    }
  });

  it('has one fresh demo account: a minimal profile, no repositories, no activity', () => {
    const d = loadDataset();
    const fresh = d.account('newcomer-demo');
    expect(fresh).toMatchObject({ demo: true, createdDaysBeforeNow: 2, type: 'User', followers: 0, following: 0 });
    expect(fresh).toMatchObject({ bio: null, email: null, location: null, company: null });
    expect(d.demoLogins()).toContain('newcomer-demo');
    expect(d.reposOf('newcomer-demo')).toEqual([]);
    expect(d.events('newcomer-demo', NOW)).toEqual([]);
    expect(d.calendar('newcomer-demo', NOW)?.totalContributions).toBe(0);
  });

  it('produces demo events in the last 30 days and calendars with current streaks', () => {
    const d = loadDataset();
    for (const spec of DEMO_ACCOUNTS) {
      const events = d.events(spec.login, NOW);
      const cal = d.calendar(spec.login, NOW);
      const days = cal?.weeks.flat() ?? [];
      expect(days.at(-1)?.date).toBe(isoDay(NOW));
      expect(days.length).toBeGreaterThanOrEqual(365);
      if (!spec.active) {
        expect(events).toEqual([]);
        expect(cal?.totalContributions).toBe(0);
        continue;
      }
      expect(events.length).toBeGreaterThan(0);
      expect(events.length).toBeLessThanOrEqual(300);
      for (const e of events) {
        expect(e.createdMs).toBeLessThanOrEqual(NOW);
        expect(e.createdMs).toBeGreaterThan(NOW - 31 * DAY_MS);
      }
      let streak = 0;
      for (let i = days.length - 1; i >= 0 && (days[i]?.contributionCount ?? 0) > 0; i--) streak++;
      expect(streak).toBe(spec.streakDays);
    }
    expect(new Set(DEMO_ACCOUNTS.flatMap((s) => d.events(s.login, NOW).map((e) => e.type)))).toEqual(
      new Set(['PushEvent', 'IssuesEvent', 'PullRequestEvent', 'WatchEvent', 'CreateEvent']),
    );
  });

  it("keeps a day's activity stable while the clock moves within the day", () => {
    const d = loadDataset();
    const later = NOW + 3_600_000;
    const older = (ms: number) => d.events('grace-demo', ms).filter((e) => e.createdMs < Date.UTC(2025, 5, 15));
    expect(older(later)).toEqual(older(NOW));
  });
});
