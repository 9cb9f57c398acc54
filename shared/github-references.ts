/**
 * GitHub issue and pull request references in chat messages: `#123` (the room's repository),
 * `owner/repo#123`, and issue or pull request addresses on GitHub's web origin (github.com, or the
 * configured GitHub Enterprise Server / emulator origin). The server resolves them; the client
 * renders them. Neither reads a reference inside code or after a backslash.
 */
import type { z } from 'zod';
import type { gitHubReferenceDto } from './api/rooms.schemas';

/** The most references of one message the server resolves (the rest stay plain text or links). */
export const MAX_REFERENCES_PER_MESSAGE = 10;

export const REFERENCE_STATES = ['open', 'closed', 'merged', 'draft'] as const;
export type GitHubReferenceState = (typeof REFERENCE_STATES)[number];

export const REFERENCE_STATE_LABELS: Record<GitHubReferenceState, string> = {
  open: 'Open',
  closed: 'Closed',
  merged: 'Merged',
  draft: 'Draft',
};

/** A resolved reference, as the server sends it with a message (schema: `shared/api/rooms.schemas.ts`). */
export type GitHubReferenceDto = z.infer<typeof gitHubReferenceDto>;

/** What a message refers to: a repository (owner/name, as written) and a number. */
export interface ReferenceTarget {
  repo: string;
  number: number;
}

/** Where a message is read: the room's repository (for `#123`) and GitHub's web origins. */
export interface ReferenceContext {
  repo: string | null;
  /** Web origins (with any base path, no trailing slash) whose issue addresses are references. */
  webUrls: readonly string[];
}

export const DEFAULT_GITHUB_WEB_URL = 'https://github.com';

const OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const NAME = '[A-Za-z0-9._-]{1,100}';
const NUMBER = '[1-9][0-9]{0,8}';

/**
 * `#123` or `owner/repo#123`: not glued to a preceding word, path or entity (`abc#1`, `&#123;`,
 * `a/b/c#1`), and ending where the number ends (`#12abc` is not one).
 */
export const SHORT_REFERENCE_PATTERN = new RegExp(
  `(?<![A-Za-z0-9/#&.@-])(?:(${OWNER}\\/${NAME}))?#(${NUMBER})(?![A-Za-z0-9-])`,
  'g',
);

const REFERENCE_PATH = new RegExp(`^\\/(${OWNER})\\/(${NAME})\\/(issues|pull)\\/(${NUMBER})\\/?$`);

/** The same key for `Owner/Repo#1` and `owner/repo#1`. */
export function referenceKey(target: ReferenceTarget): string {
  return `${target.repo.toLowerCase()}#${target.number}`;
}

/** The web origins references are read from: github.com and the configured one, without trailing slashes. */
export function referenceWebUrls(configured: string | null | undefined): string[] {
  const urls = [DEFAULT_GITHUB_WEB_URL];
  const own = configured?.replace(/\/+$/, '');
  if (own && own !== DEFAULT_GITHUB_WEB_URL && /^https?:\/\//.test(own)) urls.push(own);
  return urls;
}

/**
 * The issue or pull request an address shows (`https://github.com/o/r/issues/1`, `…/pull/1`), or
 * null. Only bare addresses count: a query, a fragment (a comment) or a sub-page stays a link.
 */
export function parseReferenceUrl(href: string, webUrls: readonly string[]): ReferenceTarget | null {
  for (const web of webUrls) {
    if (!href.toLowerCase().startsWith(`${web.toLowerCase()}/`)) continue;
    const match = REFERENCE_PATH.exec(href.slice(web.length));
    if (!match) continue;
    const [, owner, name, , number] = match;
    if (name === '.' || name === '..') continue;
    return { repo: `${owner}/${name}`, number: Number(number) };
  }
  return null;
}

/** The address of a reference on GitHub's web origin (`webUrl` without a trailing slash). */
export function referenceHref(webUrl: string, target: ReferenceTarget, kind: 'issue' | 'pull' = 'issue'): string {
  const [owner = '', name = ''] = target.repo.split('/');
  return `${webUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/${kind === 'pull' ? 'pull' : 'issues'}/${target.number}`;
}

/** A short reference's target, given the room's repository (`#123` needs one). */
export function shortReferenceTarget(
  match: RegExpMatchArray | RegExpExecArray,
  roomRepo: string | null,
): ReferenceTarget | null {
  const repo = match[1] ?? roomRepo;
  if (!repo) return null;
  return { repo, number: Number(match[2]) };
}

const FENCED_CODE = /```[\s\S]*?```/g;
// `code` on one line, or a backslash before a character it escapes (as the renderer reads them).
const INLINE_CODE_OR_ESCAPE = /`[^`\n]+`|\\[\\`*_~>#]/g;
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`\p{Default_Ignorable_Code_Point}]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>*_~]+$/;

/**
 * Whether a text could hold a reference at all: every form has a `#` or an issue or pull request
 * path. A cheap test that lets a page of messages without any skip looking up stored references.
 */
export function mayHoldReferences(text: string): boolean {
  return text.includes('#') || text.includes('/issues/') || text.includes('/pull/');
}

/**
 * The distinct issues and pull requests a message refers to, in order of appearance, outside
 * code and escapes: at most `limit` (MAX_REFERENCES_PER_MESSAGE).
 */
export function findReferences(
  text: string,
  context: ReferenceContext,
  limit = MAX_REFERENCES_PER_MESSAGE,
): ReferenceTarget[] {
  const prose = text.replace(FENCED_CODE, ' ').replace(INLINE_CODE_OR_ESCAPE, ' ');
  const found: { at: number; target: ReferenceTarget }[] = [];
  const withoutUrls = prose.replace(URL_PATTERN, (url: string, at: number) => {
    const target = parseReferenceUrl(url.replace(TRAILING_PUNCTUATION, ''), context.webUrls);
    if (target) found.push({ at, target });
    // Spaces keep the other matches' positions, and nothing inside an address is read again.
    return ' '.repeat(url.length);
  });
  for (const match of withoutUrls.matchAll(SHORT_REFERENCE_PATTERN)) {
    const target = shortReferenceTarget(match, context.repo);
    if (target) found.push({ at: match.index, target });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const targets: ReferenceTarget[] = [];
  for (const { target } of found) {
    const key = referenceKey(target);
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push(target);
    if (targets.length >= limit) break;
  }
  return targets;
}
