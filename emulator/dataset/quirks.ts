import { NAUGHTY_DESCRIPTION, NAUGHTY_REPO_NAME, NAUGHTY_STARS, NAUGHTY_TOPICS, naughtyOpenItemCount } from './naughty';
import type { RepoQuirk } from './types';

/**
 * Invented repositories (owner `reporooms-quirks`) that reproduce GitHub's awkward answers
 * without touching the real repositories of the dataset. Documented in emulator/README.md.
 */
export const QUIRK_OWNER = 'reporooms-quirks';

export interface QuirkRepoSpec {
  name: string;
  description: string;
  quirk: RepoQuirk | null;
  /** Former names of this repository: they answer 301 to /repositories/{id}. */
  formerNames: string[];
  stars: number;
  /** Topics other than the default ['reporooms-quirks']. */
  topics?: string[];
  /** A fixed open issue count (for hand-written issue lists). */
  openIssues?: number;
}

export const QUIRK_REPOS: QuirkRepoSpec[] = [
  {
    name: 'new-name',
    description: 'Renamed repository: reporooms-quirks/old-name redirects here (301).',
    quirk: null,
    formerNames: ['old-name'],
    stars: 1200,
  },
  {
    name: 'empty-repo',
    description: 'Repository without commits: contributors answer 204 with no body.',
    quirk: 'empty',
    formerNames: [],
    stars: 3,
  },
  {
    name: 'dmca-takedown',
    description: 'Repository disabled by a DMCA takedown (451).',
    quirk: 'dmca',
    formerNames: [],
    stars: 450,
  },
  {
    name: 'access-blocked',
    description: 'Repository whose access is blocked (403).',
    quirk: 'blocked',
    formerNames: [],
    stars: 80,
  },
  // Script injection payloads in every shown field (see naughty.ts).
  {
    name: NAUGHTY_REPO_NAME,
    description: NAUGHTY_DESCRIPTION,
    quirk: null,
    formerNames: [],
    stars: NAUGHTY_STARS,
    topics: NAUGHTY_TOPICS,
    openIssues: naughtyOpenItemCount(),
  },
];
