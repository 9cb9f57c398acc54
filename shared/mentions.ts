import { MENTION_MAX, MENTION_MIN } from './limits';

// Same rule as the renderer (client/lib/message-tokens.ts): not glued to a preceding word (so
// e-mail addresses are not mentions), and ending where the name ends.
const MENTION = new RegExp(`(?<![A-Za-z0-9_.@-])@([A-Za-z0-9_-]{${MENTION_MIN},${MENTION_MAX}})(?![A-Za-z0-9_-])`, 'g');
const FENCED_CODE = /```[\s\S]*?```/g;
const INLINE_CODE = /`[^`\n]*`/g;

/** The distinct handles a message mentions (lower case), outside code. At most `limit` of them. */
export function mentionedHandles(text: string, limit = 20): string[] {
  const prose = text.replace(FENCED_CODE, ' ').replace(INLINE_CODE, ' ');
  const found = new Set<string>();
  for (const match of prose.matchAll(MENTION)) {
    found.add(match[1]!.toLowerCase());
    if (found.size >= limit) break;
  }
  return [...found];
}
