import type { DemoAccountSpec } from './demo';
import { DATASET_AS_OF_MS, DAY_MS, isoSeconds } from './dates';
import type { IdAllocator } from './ids';
import { planOpenItemCount } from './issues';
import { createRng, type Rng } from './prng';
import { QUIRK_OWNER, type QuirkRepoSpec } from './quirks';
import type { Repo, SeedRepository } from './types';

function createdAt(day: string, rng: Rng): number {
  return Date.parse(`${day}T00:00:00Z`) + rng.int(0, 86_399) * 1000;
}

/** Push times cluster in the weeks before the dataset date; archived repositories went quiet long ago. */
function pushedAt(created: number, archived: boolean, rng: Rng): number {
  const daysAgo = archived ? rng.int(200, 1200) : Math.floor(rng.next() ** 2 * 45);
  const pushed = DATASET_AS_OF_MS - daysAgo * DAY_MS - rng.int(60, 86_399) * 1000;
  return Math.max(pushed, created + 3_600_000);
}

export function repoFromSeed(seed: SeedRepository, ids: IdAllocator): Repo {
  const rng = createRng(seed.full_name);
  const [ownerLogin = '', name = ''] = seed.full_name.split('/');
  const created = createdAt(seed.created_at, rng);
  const pushed = pushedAt(created, seed.archived, rng);
  const updated = seed.archived
    ? pushed + rng.int(0, 30) * DAY_MS
    : Math.max(pushed, DATASET_AS_OF_MS - rng.int(1, 2 * 86_400) * 1000);
  return {
    id: ids.allocate(`repo:${seed.full_name.toLowerCase()}`),
    ownerLogin,
    name,
    full_name: seed.full_name,
    description: seed.description,
    language: seed.language,
    topics: seed.topics.slice(),
    stargazers_count: seed.stargazers_count,
    forks_count: seed.forks_count,
    watchers: Math.max(3, Math.round(seed.stargazers_count / rng.int(25, 90))),
    size: Math.round(Math.exp(rng.next() * 8 + 5)),
    created_at: isoSeconds(created),
    pushed_at: isoSeconds(pushed),
    updated_at: isoSeconds(updated),
    default_branch: seed.default_branch,
    license: seed.license,
    homepage: seed.homepage,
    archived: seed.archived,
    fork: false,
    parent: null,
    open_issues_count: planOpenItemCount(seed.full_name, seed.stargazers_count, null, seed.archived),
    quirk: null,
    origin: 'dataset',
  };
}

export function demoRepos(spec: DemoAccountSpec, parents: Map<string, Repo>, ids: IdAllocator): Repo[] {
  return spec.repos.map((r) => {
    const full = `${spec.login}/${r.name}`;
    const rng = createRng(full);
    const created = createdAt(r.created, rng);
    const archived = r.archived ?? false;
    const pushed = pushedAt(created, archived, rng);
    const parent = r.forkOf ? parents.get(r.forkOf.toLowerCase()) : undefined;
    return {
      id: ids.allocate(`repo:${full.toLowerCase()}`),
      ownerLogin: spec.login,
      name: r.name,
      full_name: full,
      description: r.description,
      language: r.language,
      topics: r.topics.slice(),
      stargazers_count: r.stars,
      forks_count: r.forks,
      watchers: Math.max(1, Math.round(r.stars / 20)),
      size: Math.round(Math.exp(rng.next() * 5 + 3)),
      created_at: isoSeconds(created),
      pushed_at: isoSeconds(pushed),
      updated_at: isoSeconds(pushed + rng.int(0, 3_600) * 1000),
      default_branch: parent ? parent.default_branch : 'main',
      license: parent ? parent.license : rng.pick(['MIT', 'Apache-2.0', 'MIT', null]),
      homepage: null,
      archived,
      fork: Boolean(r.forkOf),
      parent: parent ? parent.full_name : null,
      // Forks have issues disabled, like most forks on GitHub.
      open_issues_count: r.forkOf ? 0 : planOpenItemCount(full, r.stars, null, archived),
      quirk: null,
      origin: 'demo',
    };
  });
}

export function quirkRepo(spec: QuirkRepoSpec, ids: IdAllocator): Repo {
  const full = `${QUIRK_OWNER}/${spec.name}`;
  const rng = createRng(full);
  const created = Date.UTC(2021, 3, 1) + rng.int(0, 600) * DAY_MS;
  const pushed = pushedAt(created, false, rng);
  return {
    id: ids.allocate(`repo:${full}`),
    ownerLogin: QUIRK_OWNER,
    name: spec.name,
    full_name: full,
    description: spec.description,
    language: spec.quirk === 'empty' ? null : 'TypeScript',
    topics: spec.topics?.slice() ?? ['reporooms-quirks'],
    stargazers_count: spec.stars,
    forks_count: Math.round(spec.stars / 10),
    watchers: 2,
    size: spec.quirk === 'empty' ? 0 : 120,
    created_at: isoSeconds(created),
    pushed_at: isoSeconds(pushed),
    updated_at: isoSeconds(pushed),
    default_branch: 'main',
    license: 'MIT',
    homepage: null,
    archived: false,
    fork: false,
    parent: null,
    open_issues_count: spec.openIssues ?? planOpenItemCount(full, spec.stars, spec.quirk, false),
    quirk: spec.quirk,
    origin: 'quirk',
  };
}
