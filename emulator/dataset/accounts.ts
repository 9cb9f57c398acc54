import { DEMO_ACCOUNTS } from './demo';
import { DATASET_AS_OF_MS, DAY_MS, isoSeconds } from './dates';
import type { IdAllocator } from './ids';
import { createRng } from './prng';
import { QUIRK_OWNER } from './quirks';
import type { Account, SeedRepository } from './types';
import { CITIES, FIRST_NAMES, LAST_NAMES, LOGIN_SUFFIXES } from './words';

const EARLIEST_ACCOUNT_MS = Date.UTC(2008, 1, 8);

/**
 * Owners of real repositories: only facts derivable from the dataset are filled in; personal
 * fields stay null rather than inventing details about real people or organisations.
 */
export function ownerAccounts(seeds: SeedRepository[], ids: IdAllocator): Account[] {
  const byLogin = new Map<
    string,
    { login: string; type: Account['type']; earliest: number; stars: number; repos: number }
  >();
  for (const seed of seeds) {
    const login = seed.full_name.split('/')[0] ?? '';
    const key = login.toLowerCase();
    const created = Date.parse(`${seed.created_at}T00:00:00Z`);
    const entry = byLogin.get(key);
    if (entry) {
      entry.earliest = Math.min(entry.earliest, created);
      entry.stars += seed.stargazers_count;
      entry.repos += 1;
    } else {
      byLogin.set(key, { login, type: seed.owner_type, earliest: created, stars: seed.stargazers_count, repos: 1 });
    }
  }
  const accounts: Account[] = [];
  for (const entry of byLogin.values()) {
    const rng = createRng(`account:${entry.login.toLowerCase()}`);
    const created = Math.max(
      EARLIEST_ACCOUNT_MS,
      entry.earliest - rng.int(20, 900) * DAY_MS - rng.int(0, 86_399) * 1000,
    );
    accounts.push({
      login: entry.login,
      id: ids.allocate(`user:${entry.login.toLowerCase()}`),
      type: entry.type,
      name: null,
      company: null,
      blog: null,
      location: null,
      email: null,
      bio: null,
      twitter_username: null,
      hireable: null,
      public_gists: entry.type === 'User' ? rng.int(0, 40) : 0,
      followers: Math.round(entry.stars / rng.int(8, 30)) + rng.int(0, 50),
      following: entry.type === 'User' ? rng.int(0, 200) : 0,
      created_at: isoSeconds(created),
      updated_at: isoSeconds(DATASET_AS_OF_MS - rng.int(1, 60) * DAY_MS - rng.int(0, 86_399) * 1000),
      demo: false,
    });
  }
  return accounts;
}

export function demoAccounts(ids: IdAllocator): Account[] {
  return DEMO_ACCOUNTS.map((spec): Account => ({
    login: spec.login,
    id: ids.allocate(`user:${spec.login}`),
    type: 'User' as const,
    name: spec.name,
    company: spec.company,
    blog: spec.blog,
    location: spec.location,
    email: spec.email,
    bio: spec.bio,
    twitter_username: spec.twitter_username,
    hireable: spec.createdDaysBeforeNow === undefined ? true : null,
    public_gists: spec.createdDaysBeforeNow === undefined ? 3 : 0,
    followers: spec.followers,
    following: spec.following,
    created_at: spec.created_at,
    updated_at: spec.createdDaysBeforeNow === undefined ? isoSeconds(DATASET_AS_OF_MS - 3 * DAY_MS) : spec.created_at,
    demo: true,
    ...(spec.createdDaysBeforeNow === undefined ? {} : { createdDaysBeforeNow: spec.createdDaysBeforeNow }),
  }));
}

export function quirkOwnerAccount(ids: IdAllocator): Account {
  return {
    login: QUIRK_OWNER,
    id: ids.allocate(`user:${QUIRK_OWNER}`),
    type: 'Organization',
    name: 'RepoRooms quirks (fictional)',
    company: null,
    blog: null,
    location: null,
    email: null,
    bio: 'Invented repositories that reproduce unusual GitHub answers.',
    twitter_username: null,
    hireable: null,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    demo: false,
  };
}

/** Fictional contributors ("firstname-lastname" style logins) used for issues, PRs and contributor lists. */
export function contributorPool(size: number, taken: Set<string>, ids: IdAllocator): Account[] {
  const rng = createRng('contributor-pool');
  const pool: Account[] = [];
  let attempts = 0;
  while (pool.length < size && attempts < size * 20) {
    attempts += 1;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const style = rng.int(0, 3);
    const suffix = rng.pick(LOGIN_SUFFIXES);
    let login =
      style === 0
        ? `${first}-${last}`
        : style === 1
          ? `${first[0]}${last}`
          : style === 2
            ? `${first}${last}`
            : `${last}-${first}`;
    if (suffix) login += `-${suffix}`;
    if (rng.chance(0.2)) login += String(rng.int(2, 99));
    const key = login.toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    const created = Date.UTC(2010, 0, 1) + rng.int(0, 13 * 365) * DAY_MS + rng.int(0, 86_399) * 1000;
    pool.push({
      login,
      id: ids.allocate(`user:${key}`),
      type: 'User',
      name: `${capitalise(first)} ${capitalise(last)}`,
      company: null,
      blog: null,
      location: rng.chance(0.6) ? rng.pick(CITIES) : null,
      email: null,
      bio: null,
      twitter_username: null,
      hireable: null,
      public_gists: rng.int(0, 12),
      followers: rng.int(0, 900),
      following: rng.int(0, 150),
      created_at: isoSeconds(created),
      updated_at: isoSeconds(DATASET_AS_OF_MS - rng.int(1, 90) * DAY_MS),
      demo: false,
    });
  }
  return pool;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
