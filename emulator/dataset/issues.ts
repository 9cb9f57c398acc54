import { DATASET_AS_OF_MS, DAY_MS, isoSeconds } from './dates';
import { createRng, hashString } from './prng';
import type { Issue, Label, Repo, RepoQuirk } from './types';
import { ISSUE_SUBJECTS, ISSUE_VERBS, LABEL_POOL, PR_PREFIXES } from './words';

export const GOOD_FIRST_ISSUE = 'good first issue';

/**
 * How many open issues + pull requests a repository has. Computed from its own seed (without
 * generating the items) so repository listings stay cheap; generateIssues() honours the number,
 * which keeps open_issues_count equal to the length of the open issues list.
 */
export function planOpenItemCount(fullName: string, stars: number, quirk: RepoQuirk | null, archived: boolean): number {
  if (quirk === 'empty') return 0;
  const rng = createRng(`${fullName}:issue-count`);
  if (archived) return rng.int(0, 4);
  if (stars >= 50_000) return rng.int(20, 60);
  if (stars >= 5_000) return rng.int(8, 40);
  if (stars >= 500) return rng.int(3, 20);
  return rng.int(0, 6);
}

export function repoLabels(repo: Repo): Label[] {
  return LABEL_POOL.map((l) => ({
    id: 1_000_000_000 + (hashString(`label:${repo.full_name.toLowerCase()}:${l.name}`) % 8_000_000_000),
    name: l.name,
    color: l.color,
    description: l.description,
    default: l.default,
  }));
}

/**
 * Open and closed issues and pull requests of a repository, newest first. Most repositories get
 * several open `good first issue` items (1-4 labels each); about one in seven gets none, and some
 * pull requests carry the label too, like on GitHub where the issues list mixes them in.
 */
export function generateIssues(repo: Repo, authors: readonly string[]): Issue[] {
  const open = repo.open_issues_count;
  if (repo.quirk === 'empty' || authors.length === 0) return [];
  const rng = createRng(`${repo.full_name}:issues`);
  const closed = repo.fork ? 0 : rng.int(2, 10);
  const total = open + closed;
  if (total === 0) return [];
  const labels = repoLabels(repo);
  const gfiLabel = labels[0] as Label;
  const others = labels.slice(1);
  const withGfi = rng.chance(0.14) ? 0 : Math.min(open, rng.int(3, 9));

  const created = Date.parse(repo.created_at);
  const windowStart = Math.max(created + DAY_MS, DATASET_AS_OF_MS - 730 * DAY_MS);
  const times: number[] = [];
  for (let i = 0; i < total; i++)
    times.push(windowStart + Math.floor(rng.next() * Math.max(DAY_MS, DATASET_AS_OF_MS - DAY_MS - windowStart)));
  times.sort((a, b) => a - b);

  // Open items are the newest ones; the first `withGfi` open slots (in random order) carry the label.
  const openSlots = rng.sample(
    Array.from({ length: open }, (_, k) => total - open + k),
    open,
  );
  const gfiSlots = new Set(openSlots.slice(0, withGfi));
  let number = rng.int(1, Math.max(20, Math.round(repo.stargazers_count / 40)));
  const issues: Issue[] = [];
  for (let i = 0; i < total; i++) {
    number += rng.int(1, 12);
    const createdMs = times[i] as number;
    const isOpen = i >= total - open;
    const hasGfi = gfiSlots.has(i);
    // A quarter of the labelled items are pull requests that picked up the label.
    const pull = hasGfi ? rng.chance(0.25) : rng.chance(0.3);
    const chosen: Label[] = [];
    if (hasGfi) chosen.push(gfiLabel);
    const extra = hasGfi ? rng.int(0, 3) : rng.int(0, 3);
    for (const l of rng.sample(others, extra)) chosen.push(l);
    if (chosen.length === 0 && !pull) chosen.push(rng.pick(others));
    const verb = rng.pick(ISSUE_VERBS);
    const subject = rng.pick(ISSUE_SUBJECTS);
    const title = pull ? `${rng.pick(PR_PREFIXES)} ${verb.toLowerCase()} ${subject}` : `${verb} ${subject}`;
    const closedMs = isOpen ? null : createdMs + Math.floor(rng.next() * (DATASET_AS_OF_MS - createdMs));
    const updatedMs = closedMs ?? createdMs + Math.floor(rng.next() ** 3 * (DATASET_AS_OF_MS - createdMs));
    const author = rng.pick(authors);
    issues.push({
      id: repo.id * 1000 + i,
      number,
      title,
      body: pull
        ? `This pull request should ${verb.toLowerCase()} ${subject}.\n\nGenerated sample data of the offline GitHub emulator.`
        : `It would help to ${verb.toLowerCase()} ${subject}.\n\nGenerated sample data of the offline GitHub emulator.`,
      userLogin: author,
      labels: chosen,
      state: isOpen ? 'open' : 'closed',
      comments: rng.int(0, 24),
      created_at: isoSeconds(createdMs),
      updated_at: isoSeconds(updatedMs),
      closed_at: closedMs === null ? null : isoSeconds(closedMs),
      pull,
      author_association:
        author.toLowerCase() === repo.ownerLogin.toLowerCase()
          ? 'OWNER'
          : rng.pick(['CONTRIBUTOR', 'NONE', 'FIRST_TIME_CONTRIBUTOR', 'MEMBER'] as const),
    });
  }
  return issues.reverse();
}
