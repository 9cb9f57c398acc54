import { MENTION_QUERY_MAX } from '../../shared/limits';

export interface MentionQuery {
  /** The characters typed after the '@'. */
  query: string;
  /** Index of the '@' in the text. */
  start: number;
  /** Index just after the query (the cursor). */
  end: number;
}

// The '@' starts the text or follows whitespace, so "me@example.com" does not open the helper.
const QUERY_BEFORE_CURSOR = new RegExp(`(?:^|\\s)@([^\\s@]{1,${MENTION_QUERY_MAX}})$`, 'u');

/** The mention being typed just before the cursor, or null (docs/PRODUCT.md §4: 1 to 24 non-space characters). */
export function findMentionQuery(text: string, cursor: number): MentionQuery | null {
  const before = text.slice(0, cursor);
  const match = QUERY_BEFORE_CURSOR.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  return { query, start: cursor - query.length - 1, end: cursor };
}

export interface MentionCandidate {
  id: string;
  username: string;
  display_name: string | null;
}

/** Members whose username or display name starts with the query; username prefix matches first. */
export function suggestMentions<T extends MentionCandidate>(candidates: T[], query: string, limit = 6): T[] {
  const q = query.toLowerCase();
  const scored: Array<{ candidate: T; score: number }> = [];
  for (const candidate of candidates) {
    const username = candidate.username.toLowerCase();
    const display = candidate.display_name?.toLowerCase() ?? '';
    let score = -1;
    if (username.startsWith(q)) score = 0;
    else if (display.split(/\s+/).some((word) => word.startsWith(q))) score = 1;
    else if (username.includes(q)) score = 2;
    if (score >= 0) scored.push({ candidate, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.candidate.username.localeCompare(b.candidate.username))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** Replaces the query (and its '@') with '@username ' and returns the new text and cursor. */
export function insertMention(text: string, mention: MentionQuery, username: string): { text: string; cursor: number } {
  const after = text.slice(mention.end);
  const inserted = `@${username}${after.startsWith(' ') ? '' : ' '}`;
  const next = text.slice(0, mention.start) + inserted + after;
  return { text: next, cursor: mention.start + inserted.length + (after.startsWith(' ') ? 1 : 0) };
}
