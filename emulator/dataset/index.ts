import { contributorPool, demoAccounts, ownerAccounts, quirkOwnerAccount } from './accounts';
import { contributionCalendar, publicEvents, type ActivityEvent, type CalendarDay } from './activity';
import { generateContributors } from './contributors';
import { DEMO_ACCOUNTS, type DemoAccountSpec } from './demo';
import { IdAllocator } from './ids';
import { generateIssues } from './issues';
import { NAUGHTY_REPO_NAME, naughtyAccounts, naughtyContributors, naughtyIssues, naughtyReleases } from './naughty';
import { QUIRK_OWNER, QUIRK_REPOS } from './quirks';
import { generateReleases } from './releases';
import { demoRepos, quirkRepo, repoFromSeed } from './repos';
import type { Account, Contributor, Issue, Release, Repo, SeedFile } from './types';
// Imported rather than read from disk, so the seed travels inside the production server bundle.
import seed from '../data/repositories.json' with { type: 'json' };

export type { Account, Contributor, Issue, Label, Release, Repo } from './types';

const CONTRIBUTOR_POOL_SIZE = 600;

export type RepoLookup = { kind: 'found'; repo: Repo } | { kind: 'moved'; repo: Repo } | { kind: 'missing' };

/**
 * The emulator's read-only world: accounts, repositories and everything generated from them.
 * Built once per process (see loadDataset); per-repository lists are generated on first use and
 * memoised, which keeps start-up fast.
 */
export class Dataset {
  readonly asOf: string;
  readonly repos: Repo[] = [];
  private readonly accounts = new Map<string, Account>();
  private readonly byName = new Map<string, Repo>();
  private readonly byId = new Map<number, Repo>();
  private readonly renamed = new Map<string, Repo>();
  private readonly byOwner = new Map<string, Repo[]>();
  private readonly demoSpecs = new Map<string, DemoAccountSpec>();
  /** Lower-case repository full_name → demo logins contributing to it. */
  private readonly demoContributors = new Map<string, string[]>();
  private readonly pool: string[];
  private readonly issueCache = new Map<number, Issue[]>();
  private readonly releaseCache = new Map<number, Release[]>();
  private readonly contributorCache = new Map<number, Contributor[]>();

  constructor(seed: SeedFile) {
    this.asOf = seed.as_of;
    const userIds = new IdAllocator(10_000, 190_000_000);
    const repoIds = new IdAllocator(1_000_000, 899_000_000);
    for (const account of [
      ...ownerAccounts(seed.repositories, userIds),
      ...demoAccounts(userIds),
      quirkOwnerAccount(userIds),
    ]) {
      this.accounts.set(account.login.toLowerCase(), account);
    }
    const pool = contributorPool(CONTRIBUTOR_POOL_SIZE, new Set(this.accounts.keys()), userIds);
    for (const account of pool) this.accounts.set(account.login.toLowerCase(), account);
    this.pool = pool.map((a) => a.login);
    // Allocated after the pool so every earlier id stays as it was.
    for (const account of naughtyAccounts((key) => userIds.allocate(key)))
      this.accounts.set(account.login.toLowerCase(), account);

    for (const s of seed.repositories) this.addRepo(repoFromSeed(s, repoIds));
    for (const spec of DEMO_ACCOUNTS) {
      this.demoSpecs.set(spec.login, spec);
      for (const repo of demoRepos(spec, this.byName, repoIds)) this.addRepo(repo);
      for (const name of spec.contributesTo) {
        const key = name.toLowerCase();
        this.demoContributors.set(key, [...(this.demoContributors.get(key) ?? []), spec.login]);
      }
    }
    for (const spec of QUIRK_REPOS) {
      const repo = quirkRepo(spec, repoIds);
      this.addRepo(repo);
      for (const former of spec.formerNames) this.renamed.set(`${QUIRK_OWNER}/${former}`, repo);
    }
  }

  private addRepo(repo: Repo): void {
    this.repos.push(repo);
    this.byName.set(repo.full_name.toLowerCase(), repo);
    this.byId.set(repo.id, repo);
    const owner = repo.ownerLogin.toLowerCase();
    this.byOwner.set(owner, [...(this.byOwner.get(owner) ?? []), repo]);
  }

  account(login: string): Account | undefined {
    return this.accounts.get(login.toLowerCase());
  }

  demoLogins(): string[] {
    return DEMO_ACCOUNTS.map((a) => a.login);
  }

  demoSpec(login: string): DemoAccountSpec | undefined {
    return this.demoSpecs.get(login.toLowerCase());
  }

  /** Looks a repository up by name, following renames (the caller answers 301 for `moved`). */
  lookupRepo(owner: string, name: string): RepoLookup {
    const key = `${owner}/${name}`.toLowerCase();
    const repo = this.byName.get(key);
    if (repo) return { kind: 'found', repo };
    const moved = this.renamed.get(key);
    return moved ? { kind: 'moved', repo: moved } : { kind: 'missing' };
  }

  repoById(id: number): Repo | undefined {
    return this.byId.get(id);
  }

  repoByFullName(fullName: string): Repo | undefined {
    return this.byName.get(fullName.toLowerCase()) ?? this.renamed.get(fullName.toLowerCase());
  }

  reposOf(login: string): Repo[] {
    return this.byOwner.get(login.toLowerCase()) ?? [];
  }

  contributors(repo: Repo): Contributor[] {
    let list = this.contributorCache.get(repo.id);
    if (!list && isNaughty(repo)) list = naughtyContributors();
    if (!list) {
      const owner = this.account(repo.ownerLogin);
      const ownerIsUser = owner?.type === 'User' && repo.origin !== 'quirk';
      list = generateContributors(
        repo,
        ownerIsUser,
        this.demoContributors.get(repo.full_name.toLowerCase()) ?? [],
        this.pool,
      );
      this.contributorCache.set(repo.id, list);
    }
    return list;
  }

  releases(repo: Repo): Release[] {
    let list = this.releaseCache.get(repo.id);
    if (!list && isNaughty(repo)) list = naughtyReleases(repo);
    if (!list) {
      list = generateReleases(
        repo,
        this.contributors(repo)
          .slice(0, 3)
          .map((c) => c.login),
      );
      this.releaseCache.set(repo.id, list);
    }
    return list;
  }

  issues(repo: Repo): Issue[] {
    let list = this.issueCache.get(repo.id);
    if (!list && isNaughty(repo)) list = naughtyIssues(repo);
    if (!list) {
      // Issues come from contributors and from a slice of outsiders (first-time reporters).
      const authors = this.contributors(repo).map((c) => c.login);
      const outsiders = this.pool.filter((_, i) => (i + repo.id) % 23 === 0);
      list = generateIssues(repo, authors.length > 0 ? [...authors, ...outsiders] : []);
      this.issueCache.set(repo.id, list);
    }
    return list;
  }

  calendar(login: string, nowMs: number): { totalContributions: number; weeks: CalendarDay[][] } | undefined {
    const spec = this.demoSpec(login);
    if (spec) return contributionCalendar(spec, nowMs);
    // Accounts without generated activity get an all-zero calendar of the same shape.
    const account = this.account(login);
    return account ? contributionCalendar({ login: account.login, active: false, streakDays: 0 }, nowMs) : undefined;
  }

  events(login: string, nowMs: number): ActivityEvent[] {
    const spec = this.demoSpec(login);
    if (!spec) return [];
    return publicEvents(
      spec,
      {
        ownRepos: this.reposOf(spec.login),
        contributedRepos: spec.contributesTo
          .map((n) => this.byName.get(n.toLowerCase()))
          .filter((r): r is Repo => Boolean(r)),
        issuesOf: (repo) => this.issues(repo),
      },
      nowMs,
    );
  }
}

/** The hand-written repository of hostile strings (see naughty.ts). */
function isNaughty(repo: Repo): boolean {
  return repo.origin === 'quirk' && repo.name === NAUGHTY_REPO_NAME;
}

let cached: Dataset | undefined;

/** Builds the dataset from data/repositories.json once per process (it is immutable). */
export function loadDataset(): Dataset {
  if (!cached) {
    cached = new Dataset(seed as SeedFile);
  }
  return cached;
}
