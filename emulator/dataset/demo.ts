/**
 * Fictional demo accounts. They can sign in through the emulator's OAuth pages and own a few
 * invented repositories, so profile pages have repositories, forks, languages and activity.
 */

export interface DemoRepoSpec {
  name: string;
  description: string | null;
  language: string | null;
  topics: string[];
  stars: number;
  forks: number;
  created: string;
  /** full_name of a dataset repository this one is a fork of. */
  forkOf?: string;
  archived?: boolean;
}

export interface DemoAccountSpec {
  login: string;
  name: string;
  company: string | null;
  blog: string;
  location: string | null;
  /** The public address (GET /user); GET /user/emails lists it as the primary one. */
  email: string | null;
  /** The primary address is not verified yet (GET /user/emails). */
  primaryEmailUnverified?: boolean;
  bio: string | null;
  twitter_username: string | null;
  created_at: string;
  /**
   * A fresh account: created this many days before the emulator's clock (created_at above is
   * then only the value at the dataset's date, replaced whenever the account is shown).
   */
  createdDaysBeforeNow?: number;
  followers: number;
  following: number;
  /** Length of the current contribution streak in days; 0 together with `active: false` = no activity at all. */
  streakDays: number;
  /** false: no public events and an empty contribution calendar (exercises the product's fallbacks). */
  active: boolean;
  /** Dataset repositories this account pushes to and appears among the contributors of. */
  contributesTo: string[];
  repos: DemoRepoSpec[];
}

export const DEMO_ACCOUNTS: DemoAccountSpec[] = [
  {
    login: 'ada-demo',
    name: 'Ada Demo',
    company: '@reporooms-demo',
    blog: 'https://example.com/ada-demo',
    location: 'London, UK',
    email: 'ada-demo@example.com',
    twitter_username: null,
    bio: 'Demo account. Numerical methods, notebooks and a soft spot for difference engines.',
    created_at: '2012-03-14T09:21:07Z',
    followers: 1287,
    following: 42,
    streakDays: 12,
    active: true,
    contributesTo: ['python/cpython', 'numpy/numpy', 'pandas-dev/pandas', 'facebook/react'],
    repos: [
      {
        name: 'analytical-engine',
        description: 'A toy simulator of a mechanical general-purpose computer (demo repository).',
        language: 'Python',
        topics: ['simulation', 'education'],
        stars: 412,
        forks: 37,
        created: '2016-05-02',
      },
      {
        name: 'note-g',
        description: 'Notebook reproducing the classic Bernoulli-number program (demo repository).',
        language: 'Jupyter Notebook',
        topics: ['math', 'notebook'],
        stars: 96,
        forks: 11,
        created: '2019-11-20',
      },
      {
        name: 'bernoulli-rs',
        description: 'Bernoulli numbers in Rust, exact rationals (demo repository).',
        language: 'Rust',
        topics: ['math', 'cli'],
        stars: 58,
        forks: 4,
        created: '2021-02-08',
      },
      {
        name: 'loom-patterns',
        description: 'Punch-card patterns as SVG (demo repository).',
        language: 'TypeScript',
        topics: ['svg', 'frontend'],
        stars: 23,
        forks: 2,
        created: '2023-07-30',
      },
      {
        name: 'react',
        description: 'The library for web and native user interfaces.',
        language: 'JavaScript',
        topics: [],
        stars: 1,
        forks: 0,
        created: '2022-01-17',
        forkOf: 'facebook/react',
      },
    ],
  },
  {
    login: 'grace-demo',
    name: 'Grace Demo',
    company: 'Compiler Works (demo)',
    blog: 'https://example.com/grace-demo',
    location: 'Arlington, VA',
    email: 'grace-demo@example.com',
    twitter_username: 'grace_demo',
    bio: 'Demo account. Compilers, COBOL nostalgia and nanosecond-length wires.',
    created_at: '2010-09-09T15:45:00Z',
    followers: 5321,
    following: 12,
    streakDays: 47,
    active: true,
    contributesTo: ['golang/go', 'microsoft/TypeScript', 'rust-lang/rust', 'nodejs/node'],
    repos: [
      {
        name: 'flow-matic',
        description: 'An English-like business language compiler, rebuilt for fun (demo repository).',
        language: 'Go',
        topics: ['compiler', 'cli'],
        stars: 2204,
        forks: 180,
        created: '2014-04-11',
      },
      {
        name: 'nanosecond',
        description: 'Visualise how far light travels in a nanosecond (demo repository).',
        language: 'TypeScript',
        topics: ['education', 'frontend'],
        stars: 640,
        forks: 51,
        created: '2017-08-23',
      },
      {
        name: 'bug-log',
        description: 'A tiny structured logger that never loses the first bug (demo repository).',
        language: 'Go',
        topics: ['logging'],
        stars: 315,
        forks: 22,
        created: '2018-02-02',
      },
      {
        name: 'cobol-fmt',
        description: 'Formatter for fixed-format source files (demo repository).',
        language: 'C',
        topics: ['formatter', 'devtools'],
        stars: 77,
        forks: 9,
        created: '2020-10-05',
        archived: true,
      },
      {
        name: 'go',
        description: 'The Go programming language',
        language: 'Go',
        topics: [],
        stars: 3,
        forks: 0,
        created: '2021-06-01',
        forkOf: 'golang/go',
      },
    ],
  },
  {
    login: 'linus-demo',
    name: 'Linus Demo',
    company: null,
    blog: 'https://example.com/linus-demo',
    location: 'Portland, OR',
    email: 'linus-demo@example.com',
    twitter_username: null,
    bio: 'Demo account. Kernels, version control and terse code review.',
    created_at: '2011-01-27T08:00:00Z',
    followers: 9876,
    following: 0,
    streakDays: 5,
    active: true,
    contributesTo: ['git/git', 'torvalds/linux', 'BurntSushi/ripgrep', 'junegunn/fzf'],
    repos: [
      {
        name: 'tiny-vcs',
        description: 'A content-addressed version control toy (demo repository).',
        language: 'C',
        topics: ['git', 'cli'],
        stars: 1530,
        forks: 140,
        created: '2013-06-18',
      },
      {
        name: 'patch-queue',
        description: 'Mailing-list patch queue viewer (demo repository).',
        language: 'Rust',
        topics: ['email', 'devtools'],
        stars: 402,
        forks: 30,
        created: '2019-04-04',
      },
      {
        name: 'dive-log',
        description: 'Scuba dive log parser (demo repository).',
        language: 'C++',
        topics: ['parser'],
        stars: 88,
        forks: 6,
        created: '2015-12-12',
      },
      {
        name: 'ripgrep',
        description: 'ripgrep recursively searches directories for a regex pattern while respecting your gitignore',
        language: 'Rust',
        topics: [],
        stars: 2,
        forks: 0,
        created: '2020-03-03',
        forkOf: 'BurntSushi/ripgrep',
      },
    ],
  },
  {
    login: 'margaret-demo',
    name: 'Margaret Demo',
    company: 'Apollo Guidance Labs (demo)',
    blog: 'https://example.com/margaret-demo',
    location: 'Cambridge, MA',
    email: 'margaret-demo@example.com',
    twitter_username: null,
    bio: 'Demo account. Reliable software, priority scheduling and error recovery.',
    created_at: '2015-07-20T20:17:40Z',
    followers: 4410,
    following: 88,
    streakDays: 103,
    active: true,
    contributesTo: ['kubernetes/kubernetes', 'redis/redis', 'microsoft/vscode'],
    repos: [
      {
        name: 'priority-display',
        description: 'Priority-based task scheduler with graceful overload handling (demo repository).',
        language: 'Kotlin',
        topics: ['scheduler', 'reliability'],
        stars: 980,
        forks: 64,
        created: '2016-01-09',
      },
      {
        name: 'restart-protection',
        description: 'Checkpoint and restart helpers for long-running jobs (demo repository).',
        language: 'Java',
        topics: ['reliability'],
        stars: 455,
        forks: 31,
        created: '2017-03-15',
      },
      {
        name: 'rope-memory',
        description: 'Read-only memory image builder (demo repository).',
        language: 'Swift',
        topics: ['embedded'],
        stars: 120,
        forks: 8,
        created: '2021-09-01',
      },
      {
        name: 'lunar-ui',
        description: 'Design tokens for mission dashboards (demo repository).',
        language: 'TypeScript',
        topics: ['design-system', 'frontend'],
        stars: 61,
        forks: 5,
        created: '2024-02-14',
      },
    ],
  },
  {
    login: 'ken-demo',
    name: 'Ken Demo',
    company: '@reporooms-demo',
    blog: 'https://example.com/ken-demo',
    location: 'Murray Hill, NJ',
    email: 'ken-demo@example.com',
    twitter_username: null,
    bio: 'Demo account. Small tools that do one thing well.',
    created_at: '2013-11-02T11:11:11Z',
    followers: 2750,
    following: 7,
    streakDays: 2,
    active: true,
    contributesTo: ['golang/go', 'sqlite/sqlite', 'ggml-org/llama.cpp'],
    repos: [
      {
        name: 'ed-plus',
        description: 'A line editor with undo history (demo repository).',
        language: 'C',
        topics: ['editor', 'cli'],
        stars: 730,
        forks: 45,
        created: '2014-09-30',
      },
      {
        name: 'regex-thompson',
        description: 'Thompson NFA regex engine in under 400 lines (demo repository).',
        language: 'Go',
        topics: ['regex'],
        stars: 1210,
        forks: 99,
        created: '2016-06-06',
      },
      {
        name: 'chess-belle',
        description: 'Endgame table experiments (demo repository).',
        language: 'C++',
        topics: ['chess'],
        stars: 204,
        forks: 13,
        created: '2018-10-10',
      },
      {
        name: 'utf8-notes',
        description: 'Notes and tests about UTF-8 decoding (demo repository).',
        language: 'Shell',
        topics: ['unicode', 'documentation'],
        stars: 33,
        forks: 1,
        created: '2022-05-05',
      },
    ],
  },
  {
    login: 'barbara-demo',
    name: 'Barbara Demo',
    company: null,
    blog: 'https://example.com/barbara-demo',
    location: 'Boston, MA',
    email: 'barbara-demo@example.com',
    twitter_username: null,
    bio: 'Demo account with no recent public activity.',
    created_at: '2019-02-28T12:00:00Z',
    followers: 310,
    following: 15,
    streakDays: 0,
    active: false,
    contributesTo: [],
    repos: [
      {
        name: 'abstract-data',
        description: 'Abstract data types, explained with examples (demo repository).',
        language: 'Java',
        topics: ['education'],
        stars: 140,
        forks: 12,
        created: '2019-03-10',
      },
      {
        name: 'substitution',
        description: 'Liskov-style substitutability checks for interfaces (demo repository).',
        language: 'TypeScript',
        topics: ['testing', 'devtools'],
        stars: 47,
        forks: 3,
        created: '2020-08-18',
      },
    ],
  },
  {
    login: 'newcomer-demo',
    name: 'Newcomer Demo',
    company: null,
    blog: '',
    location: null,
    email: null,
    twitter_username: null,
    bio: null,
    created_at: '2025-04-29T00:00:00Z',
    createdDaysBeforeNow: 2,
    primaryEmailUnverified: true,
    followers: 0,
    following: 0,
    streakDays: 0,
    active: false,
    contributesTo: [],
    repos: [],
  },
];

export const DEMO_LOGINS: string[] = DEMO_ACCOUNTS.map((a) => a.login);
