/**
 * What a message search asks for, read the same way by the server (to query) and the browser (to
 * mark the matches): words, all of them required, each matching a whole word of a message in any
 * letter case, or every word it begins when it ends with "*" (`deploy*`); `from:login` keeps one
 * author's messages. Words are runs of letters and digits: everything else separates them, in a
 * search as in a message.
 */

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_TERMS_MAX = 10;

export interface SearchQuery {
  /** Lower-case words (letters and digits only), at most SEARCH_TERMS_MAX; "word*" matches every word it begins. */
  terms: string[];
  /** The login or username after `from:`, without an "@"; null when not given. */
  from: string | null;
}

const WORD = /[\p{L}\p{N}]+/gu;
const FROM = /^from:@?([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/i;

export function parseSearchQuery(input: string): SearchQuery {
  const terms: string[] = [];
  let from: string | null = null;
  for (const part of input.trim().split(/\s+/)) {
    if (part === '') continue;
    const author = FROM.exec(part);
    if (author?.[1]) {
      from = author[1];
      continue;
    }
    for (const found of part.toLowerCase().matchAll(WORD)) {
      const prefix = part[found.index + found[0].length] === '*';
      const term = prefix ? `${found[0]}*` : found[0];
      if (!terms.includes(term) && terms.length < SEARCH_TERMS_MAX) terms.push(term);
    }
  }
  return { terms, from };
}

/** True when a search has something to look for. */
export function isSearchable(query: SearchQuery): boolean {
  return query.terms.length > 0 || query.from !== null;
}

/** The word a term stands for, and whether it matches every word it begins. */
export function termParts(term: string): { word: string; prefix: boolean } {
  return term.endsWith('*') ? { word: term.slice(0, -1), prefix: true } : { word: term, prefix: false };
}

/** How many characters of `word` (lower case) a term matches: 0 for none. */
function matchLength(word: string, terms: readonly string[]): number {
  let best = 0;
  for (const term of terms) {
    const { word: wanted, prefix } = termParts(term);
    if (prefix ? word.startsWith(wanted) : word === wanted) best = Math.max(best, prefix ? wanted.length : word.length);
  }
  return best;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits text into parts, marking each word a term matches (for "word*", the part it begins), for
 * showing a result with its matches highlighted.
 */
export function markMatches(text: string, terms: readonly string[]): TextPart[] {
  if (terms.length === 0) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    const word = found[0].toLowerCase();
    const matched = matchLength(word, terms);
    if (matched === 0) continue;
    const start = found.index;
    // Lower-casing can change a word's length (rarely); then the whole word is marked.
    const length = word.length === found[0].length ? matched : found[0].length;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: text.slice(start, start + length), match: true });
    last = start + length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * A short piece of a long message around its first match (whole words, "…" where cut), so a
 * result shows why it was found; text up to `max` characters is returned whole.
 */
export function excerptAround(text: string, terms: readonly string[], max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let first = -1;
  for (const found of flat.matchAll(WORD)) {
    if (matchLength(found[0].toLowerCase(), terms) > 0) {
      first = found.index;
      break;
    }
  }
  const start = first < 0 ? 0 : Math.max(0, first - Math.floor(max / 3));
  const end = Math.min(flat.length, start + max);
  // Cut at spaces so no word is shown in part.
  const from = start === 0 ? 0 : flat.indexOf(' ', start) + 1 || start;
  const lastSpace = flat.lastIndexOf(' ', end);
  const to = end === flat.length || lastSpace <= from ? end : lastSpace;
  return `${from > 0 ? '…' : ''}${flat.slice(from, to)}${to < flat.length ? '…' : ''}`;
}
