import type { Account, Dataset, Repo } from '../dataset/index';
import { createRng } from '../dataset/prng';
import { currentIssue } from '../present/issues';
import type { Urls } from '../present/urls';
import { issueStateKey, type EmulatorState } from '../state';
import { generatedCommitMessages, generatedIssueTitle, generatedPullTitle, nextTag } from './generated-text';
import { mergePull, openIssue, publishRelease, pushCommits, type ProduceDeps } from './produce';
import { issuesOf, releasesOf } from './views';

export interface AmbientActivityOptions {
  /** Full names of the repositories that receive activity (each must be in the dataset). */
  repos: string[];
  /** Time between two activities, over all the repositories together. */
  everyMs: number;
  /** Seed of the choices (which repository, what happens, who does it); default "ambient". */
  seed?: string;
  /** Activities produced at most by one emulator, so a long-running demo stays bounded; default 2000. */
  limit?: number;
}

interface AmbientDeps {
  dataset: Dataset;
  state: EmulatorState;
  urls: Urls;
  now(): number;
}

/** Who acts: fictional contributors of the repository (never real owners), else a demo account. */
function actorsOf(dataset: Dataset, repo: Repo): Account[] {
  const people = dataset
    .contributors(repo)
    .map((c) => dataset.account(c.login))
    .filter((a): a is Account => a !== undefined && a.type === 'User' && (a.demo || a.name !== null));
  if (people.length > 0) return people;
  return dataset
    .demoLogins()
    .map((l) => dataset.account(l))
    .filter((a): a is Account => a !== undefined);
}

/**
 * The activity number `tick` (0, 1, 2, …): the choices come from a generator seeded by
 * (seed, tick), so a run with the same seed and clock produces the same activity.
 */
export function ambientActivity(deps: ProduceDeps, repos: Repo[], seed: string, tick: number): void {
  const rng = createRng(`ambient:${seed}:${tick}`);
  const repo = rng.pick(repos);
  const actor = rng.pick(actorsOf(deps.dataset, repo));
  const key = `${seed}:${tick}`;
  const roll = rng.next();
  if (roll < 0.15) {
    const releases = releasesOf(deps.dataset, deps.state, repo);
    publishRelease(deps, repo, actor, { tag: nextTag(releases, (t) => releases.some((r) => r.tag_name === t)) });
  } else if (roll < 0.4) {
    const open = issuesOf(deps.dataset, deps.state, repo).filter((i) => {
      if (!i.pull) return false;
      const now = currentIssue(i, deps.state.issueStates.get(issueStateKey(repo.full_name, i.number)));
      return now.issue.state === 'open' && !now.pull.draft;
    });
    const existing = open.length > 0 && rng.chance(0.5) ? rng.pick(open) : undefined;
    mergePull(
      deps,
      repo,
      actor,
      existing ? { number: existing.number, title: existing.title } : { title: generatedPullTitle(key) },
    );
  } else if (roll < 0.6) {
    openIssue(deps, repo, actor, { title: generatedIssueTitle(key), body: 'Seen while trying the latest version.' });
  } else {
    pushCommits(deps, repo, actor, {
      messages: generatedCommitMessages(key, rng.int(1, 4)),
      branch: repo.default_branch,
    });
  }
}

/** Produces an activity every `everyMs` until stopped or the limit is reached; the timer never keeps a process alive. */
export function startAmbientActivity(options: AmbientActivityOptions, deps: AmbientDeps): { stop(): void } {
  const repos = options.repos.map((name) => {
    const repo = deps.dataset.repoByFullName(name);
    if (!repo || repo.quirk !== null) throw new Error(`ambientActivity: ${name} is not a repository of the emulator`);
    return repo;
  });
  if (!(options.everyMs >= 1)) throw new Error('ambientActivity: everyMs must be at least 1');
  if (repos.length === 0) return { stop: () => undefined };
  const limit = options.limit ?? 2000;
  const seed = options.seed ?? 'ambient';
  let tick = 0;
  const timer = setInterval(() => {
    if (tick >= limit) {
      clearInterval(timer);
      return;
    }
    ambientActivity(
      { dataset: deps.dataset, state: deps.state, urls: deps.urls, nowMs: deps.now() },
      repos,
      seed,
      tick,
    );
    tick += 1;
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
