import { MENTION_MAX, MENTION_MIN } from './limits';
import { BIDI_CONTROLS } from './validation/clean-text';
import {
  DEFAULT_GITHUB_WEB_URL,
  parseReferenceUrl,
  referenceHref,
  referenceWebUrls,
  SHORT_REFERENCE_PATTERN,
  shortReferenceTarget,
} from './github-references';

/** A piece of a chat message, rendered as a React element (never as HTML). */
export type MessageToken =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string; language: string | null }
  | { type: 'link'; text: string; href: string }
  | { type: 'mention'; text: string; username: string; known: boolean }
  /** A GitHub issue or pull request (`#12`, `owner/repo#12`, or its address): a link to it. */
  | { type: 'reference'; text: string; href: string; repo: string; number: number }
  /** `code` within a line: shown as code, with no link, mention or formatting inside. */
  | { type: 'inline-code'; text: string }
  /** A character written after a backslash (`\*`): shown as itself, never read as formatting. */
  | { type: 'literal'; text: string };

const FENCE = '```';
// Only http(s) addresses are ever linked: javascript:, data: and friends stay plain text. An
// invisible character ends the address, so a link never holds one its reader cannot see (a
// zero-width joiner in a host name is a different, look-alike domain).
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`\p{Default_Ignorable_Code_Point}]+/giu;
// A mention must not be glued to a preceding word (so e-mail addresses are not mentions) and must
// end where the name ends (so a 25-character handle is not a truncated mention).
const MENTION_PATTERN = new RegExp(
  `(?<![A-Za-z0-9_.@-])@([A-Za-z0-9_-]{${MENTION_MIN},${MENTION_MAX}})(?![A-Za-z0-9_-])`,
  'g',
);
// Formatting markers too: **https://example.com** is a bold link, not a link ending in "**".
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>*_~]+$/;

// `code` on one line; a backslash before one of these characters shows it as itself.
const INLINE_CODE_OR_ESCAPE = /`([^`\n]+)`|\\([\\`*_~>#])/g;

/** Where a message is read: the room's repository (for `#12`) and GitHub's web origin. */
export interface TokenContext {
  repo: string | null;
  /** GitHub's web origin without a trailing slash (github.com, GHES, or the emulator in demo mode). */
  webUrl: string;
}

const NO_CONTEXT: TokenContext = { repo: null, webUrl: DEFAULT_GITHUB_WEB_URL };

interface Scope {
  known: Set<string>;
  context: TokenContext;
  webUrls: string[];
}

/**
 * Splits message text into code blocks (``` fenced), inline code, escaped characters, links,
 * mentions and plain text (formatting markers stay in the text: see message-format.ts).
 * `knownUsernames` decides which mentions are highlighted (compared case-insensitively).
 * Bidirectional embedding, override and isolate controls are dropped: stored text no longer
 * has them, and text that does (from an older version) must not be shown reordered.
 */
export function tokenizeMessage(
  text: string,
  knownUsernames: Iterable<string> = [],
  context: TokenContext = NO_CONTEXT,
): MessageToken[] {
  const scope: Scope = {
    known: new Set([...knownUsernames].map((name) => name.toLowerCase())),
    context,
    webUrls: referenceWebUrls(context.webUrl),
  };
  const tokens: MessageToken[] = [];
  let rest = text.replace(BIDI_CONTROLS, '');
  while (rest.length > 0) {
    const open = rest.indexOf(FENCE);
    const close = open === -1 ? -1 : rest.indexOf(FENCE, open + FENCE.length);
    if (open === -1 || close === -1) {
      pushInline(tokens, rest, scope);
      break;
    }
    pushInline(tokens, rest.slice(0, open), scope);
    tokens.push(codeBlock(rest.slice(open + FENCE.length, close)));
    rest = rest.slice(close + FENCE.length);
  }
  return mergeText(tokens);
}

function codeBlock(inner: string): MessageToken {
  // ```ts\ncode``` names a language on the opening line; a single-line block has none.
  const newline = inner.indexOf('\n');
  if (newline !== -1) {
    const firstLine = inner.slice(0, newline).trim();
    if (/^[\w+#.-]{1,20}$/.test(firstLine)) {
      return { type: 'code', language: firstLine, text: trimBlock(inner.slice(newline + 1)) };
    }
    if (firstLine === '') return { type: 'code', language: null, text: trimBlock(inner.slice(newline + 1)) };
  }
  return { type: 'code', language: null, text: trimBlock(inner) };
}

function trimBlock(code: string): string {
  return code.replace(/^\n+/, '').replace(/\s+$/, '');
}

function pushInline(tokens: MessageToken[], text: string, scope: Scope): void {
  let cursor = 0;
  for (const match of text.matchAll(INLINE_CODE_OR_ESCAPE)) {
    pushLinks(tokens, text.slice(cursor, match.index), scope);
    if (match[1] !== undefined) tokens.push({ type: 'inline-code', text: match[1] });
    else tokens.push({ type: 'literal', text: match[2] ?? '' });
    cursor = match.index + match[0].length;
  }
  pushLinks(tokens, text.slice(cursor), scope);
}

function pushLinks(tokens: MessageToken[], text: string, scope: Scope): void {
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const { url, trailing } = splitTrailing(match[0]);
    if (!isHttpUrl(url)) continue;
    pushReferences(tokens, text.slice(cursor, start), scope);
    const target = parseReferenceUrl(url, scope.webUrls);
    tokens.push(
      target ? { type: 'reference', text: url, href: url, ...target } : { type: 'link', text: url, href: url },
    );
    cursor = start + match[0].length - trailing.length;
  }
  pushReferences(tokens, text.slice(cursor), scope);
}

/** `#12` (the room's repository) and `owner/repo#12`, linked to GitHub. */
function pushReferences(tokens: MessageToken[], text: string, scope: Scope): void {
  let cursor = 0;
  for (const match of text.matchAll(SHORT_REFERENCE_PATTERN)) {
    const target = shortReferenceTarget(match, scope.context.repo);
    if (!target) continue;
    pushMentions(tokens, text.slice(cursor, match.index), scope);
    tokens.push({ type: 'reference', text: match[0], href: referenceHref(scope.context.webUrl, target), ...target });
    cursor = match.index + match[0].length;
  }
  pushMentions(tokens, text.slice(cursor), scope);
}

/** Sentence punctuation after a URL belongs to the sentence, except a ')' that closes a '(' in it. */
function splitTrailing(candidate: string): { url: string; trailing: string } {
  let url = candidate;
  let trailing = '';
  for (;;) {
    const match = TRAILING_PUNCTUATION.exec(url);
    if (!match) break;
    const last = url.slice(-1);
    if (last === ')' && count(url, '(') >= count(url, ')')) break;
    url = url.slice(0, -1);
    trailing = last + trailing;
  }
  return { url, trailing };
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

// The WHATWG URL parser, global in browsers and Node alike (shared/ is compiled without either's types).
declare const URL: new (input: string) => { protocol: string; hostname: string };

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function pushMentions(tokens: MessageToken[], text: string, scope: Scope): void {
  let cursor = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const username = match[1] ?? '';
    if (match.index > cursor) tokens.push({ type: 'text', text: text.slice(cursor, match.index) });
    tokens.push({ type: 'mention', text: match[0], username, known: scope.known.has(username.toLowerCase()) });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) tokens.push({ type: 'text', text: text.slice(cursor) });
}

function mergeText(tokens: MessageToken[]): MessageToken[] {
  const merged: MessageToken[] = [];
  for (const token of tokens) {
    const previous = merged[merged.length - 1];
    if (token.type === 'text' && previous?.type === 'text') previous.text += token.text;
    else if (token.type !== 'text' || token.text.length > 0) merged.push(token);
  }
  return merged;
}
