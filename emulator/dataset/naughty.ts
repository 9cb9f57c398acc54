import { DATASET_AS_OF_MS, DAY_MS, isoSeconds } from './dates';
import { hashString } from './prng';
import { GOOD_FIRST_ISSUE } from './issues';
import type { Account, Contributor, Issue, Label, Release, Repo } from './types';

/**
 * `reporooms-quirks/naughty-strings`: an invented repository whose shown fields carry script
 * injection payloads, for the product's browser security suite. Every payload, if a page ever
 * treated it as markup or a URL, would call `window.__xss(id)` or leave an element with a
 * `data-xss` attribute; the ids (`gh-desc`, `gh-issue-1`, ...) say which field leaked.
 * Everything is fixed text: no randomness, so tests can look for the exact strings.
 */
export const NAUGHTY_REPO_NAME = 'naughty-strings';

const call = (id: string): string => `window.__xss('${id}')`;

export const NAUGHTY_DESCRIPTION =
  `Hostile strings in every shown field <img src=x onerror="${call('gh-desc')}" data-xss> ` +
  `<script>${call('gh-desc-2')}</script>`;

/** GitHub only allows lower-case topic slugs; these are deliberately outside that rule. */
export const NAUGHTY_TOPICS = [
  'reporooms-quirks',
  `<img src=x onerror=${call('gh-topic-1')} data-xss>`,
  `<svg/onload=${call('gh-topic-2')}>`,
  `javascript:${call('gh-topic-3')}`,
  `"><script>${call('gh-topic-4')}</script>`,
];

/** Label names stay within GitHub's 50 characters. */
const LABEL_NAMES = [
  `<img src=x onerror=${call('gh-label-1')}>`,
  `<svg onload=${call('gh-label-2')} data-xss>`,
  `<script>${call('gh-label-3')}</script>`,
  `javascript:${call('gh-label-4')}`,
] as const;

export const NAUGHTY_CONTRIBUTOR_LOGINS = ['naughty-contributor-1', 'naughty-contributor-2', 'naughty-contributor-3'];

interface NaughtyIssueSpec {
  title: string;
  /** Names of the labels, 'good first issue' first where present. */
  labels: string[];
  pull: boolean;
  state: 'open' | 'closed';
}

const GFI = GOOD_FIRST_ISSUE;
const ISSUES: NaughtyIssueSpec[] = [
  {
    title: `<img src=x onerror="${call('gh-issue-1')}" data-xss> crashes the parser`,
    labels: [GFI, LABEL_NAMES[0], LABEL_NAMES[1]],
    pull: false,
    state: 'open',
  },
  {
    title: `Escape <script>${call('gh-issue-2')}</script> in titles`,
    labels: [GFI, LABEL_NAMES[2], LABEL_NAMES[3]],
    pull: false,
    state: 'open',
  },
  {
    title: `"><svg onload="${call('gh-issue-3')}" data-xss></svg>`,
    labels: [GFI, LABEL_NAMES[0]],
    pull: false,
    state: 'open',
  },
  { title: `javascript:${call('gh-issue-4')}`, labels: [GFI], pull: false, state: 'open' },
  {
    title: `<iframe srcdoc="<script>parent.__xss('gh-issue-5')</script>" data-xss></iframe>`,
    labels: [LABEL_NAMES[1]],
    pull: false,
    state: 'open',
  },
  {
    title: `fix: <a href="javascript:${call('gh-issue-6')}" data-xss>link</a>`,
    labels: [GFI],
    pull: true,
    state: 'open',
  },
  {
    title: `<details open ontoggle="${call('gh-issue-7')}" data-xss>`,
    labels: [LABEL_NAMES[2]],
    pull: false,
    state: 'closed',
  },
  {
    title: `<object data="javascript:${call('gh-issue-8')}" data-xss></object>`,
    labels: [],
    pull: true,
    state: 'closed',
  },
];

/** Newest first. Tag names avoid spaces and the other characters git refuses in a ref. */
const RELEASES: { tag: string; name: string }[] = [
  { tag: `v1.3.0<svg/onload=${call('gh-tag-1')}>`, name: `<img src=x onerror="${call('gh-release-1')}" data-xss>` },
  { tag: `v1.2.0"><img/src=x/onerror=${call('gh-tag-2')}>`, name: `<script>${call('gh-release-2')}</script>` },
  { tag: `v1.1.0'"><script>${call('gh-tag-3')}</script>`, name: `javascript:${call('gh-release-3')}` },
  { tag: `v1.0.0<script>${call('gh-tag-4')}</script>`, name: `<svg onload="${call('gh-release-4')}" data-xss>` },
];

const NAUGHTY_ISSUE_COUNT = ISSUES.filter((issue) => issue.state === 'open').length;

export const NAUGHTY_STARS = 321;

/** Open issues + pull requests, so open_issues_count matches the issues list. */
export function naughtyOpenItemCount(): number {
  return NAUGHTY_ISSUE_COUNT;
}

/** Contributors' profile fields (what GitHub shows next to a login) carry payloads too. */
export function naughtyAccounts(allocate: (key: string) => number): Account[] {
  return NAUGHTY_CONTRIBUTOR_LOGINS.map((login, i) => {
    const n = i + 1;
    return {
      login,
      id: allocate(`user:${login}`),
      type: 'User' as const,
      name: `<img src=x onerror=${call(`gh-contributor-${n}`)} data-xss>`,
      company: `<script>${call(`gh-contributor-company-${n}`)}</script>`,
      blog: `javascript:${call(`gh-contributor-blog-${n}`)}`,
      location: `"><svg onload=${call(`gh-contributor-location-${n}`)}>`,
      email: null,
      bio: `<iframe srcdoc="<script>parent.__xss('gh-contributor-bio-${n}')</script>" data-xss></iframe>`,
      twitter_username: null,
      hireable: null,
      public_gists: 0,
      followers: 3 * n,
      following: n,
      created_at: isoSeconds(Date.UTC(2019, 2, 3 + n)),
      updated_at: isoSeconds(DATASET_AS_OF_MS - n * DAY_MS),
      demo: false,
    };
  });
}

export function naughtyContributors(): Contributor[] {
  return NAUGHTY_CONTRIBUTOR_LOGINS.map((login, i) => ({ login, contributions: 90 - 30 * i }));
}

function label(repo: Repo, name: string): Label {
  if (name === GFI) {
    return {
      id: 1_000_000_000 + (hashString(`label:${repo.full_name.toLowerCase()}:${name}`) % 8_000_000_000),
      name,
      color: '7057ff',
      description: 'Good for newcomers',
      default: true,
    };
  }
  const index = LABEL_NAMES.indexOf(name as (typeof LABEL_NAMES)[number]);
  return {
    id: 1_000_000_000 + (hashString(`label:${repo.full_name.toLowerCase()}:${name}`) % 8_000_000_000),
    name,
    color: 'b60205',
    description: `<script>${call(`gh-label-description-${index + 1}`)}</script>`,
    default: false,
  };
}

/** Newest first, like generateIssues. */
export function naughtyIssues(repo: Repo): Issue[] {
  const issues = ISSUES.map((spec, i): Issue => {
    const created = DATASET_AS_OF_MS - (ISSUES.length - i) * 3 * DAY_MS;
    const closed = spec.state === 'closed' ? created + DAY_MS : null;
    const author = NAUGHTY_CONTRIBUTOR_LOGINS[i % NAUGHTY_CONTRIBUTOR_LOGINS.length] as string;
    return {
      id: repo.id * 1000 + i,
      number: 101 + i,
      title: spec.title,
      body: `<img src=x onerror="${call(`gh-issue-body-${i + 1}`)}" data-xss>\n\nInvented sample data of the offline GitHub emulator.`,
      userLogin: author,
      labels: spec.labels.map((name) => label(repo, name)),
      state: spec.state,
      comments: i,
      created_at: isoSeconds(created),
      updated_at: isoSeconds(closed ?? created + 3_600_000),
      closed_at: closed === null ? null : isoSeconds(closed),
      pull: spec.pull,
      author_association: 'CONTRIBUTOR',
    };
  });
  return issues.reverse();
}

export function naughtyReleases(repo: Repo): Release[] {
  return RELEASES.map((spec, i) => {
    const published = Date.parse(repo.pushed_at) - (i * 20 + 1) * DAY_MS;
    return {
      id: repo.id * 100 + i,
      tag_name: spec.tag,
      name: spec.name,
      body: `<script>${call(`gh-release-body-${i + 1}`)}</script>\n\nInvented sample data of the offline GitHub emulator.`,
      draft: false,
      prerelease: false,
      created_at: isoSeconds(published - 3_600_000),
      published_at: isoSeconds(published),
      authorLogin: NAUGHTY_CONTRIBUTOR_LOGINS[i % NAUGHTY_CONTRIBUTOR_LOGINS.length] as string,
      target_commitish: repo.default_branch,
    };
  });
}

/** The shown strings, for tests that check each one is rendered as text. */
export const NAUGHTY_SHOWN = {
  description: NAUGHTY_DESCRIPTION,
  topics: NAUGHTY_TOPICS,
  labels: [...LABEL_NAMES],
  /** Titles of the open 'good first issue' items that are not pull requests, newest first. */
  goodFirstIssueTitles: ISSUES.filter((issue) => issue.state === 'open' && !issue.pull && issue.labels.includes(GFI))
    .map((issue) => issue.title)
    .reverse(),
  /** Tag names of the releases, newest first. */
  releaseTags: RELEASES.map((release) => release.tag),
};
