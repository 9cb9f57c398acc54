/** How long an excerpt of a message may be (a reply's quote, a mention, a notification). */
export const EXCERPT_MAX = 140;

/**
 * The first line of a message that has words, cut to `max` characters with an ellipsis: what a
 * reply's quote, the mentions list and a notification show. A code fence line counts as no words.
 */
export function messageExcerpt(content: string, max = EXCERPT_MAX): string {
  const line =
    content
      .split('\n')
      .map((text) => text.trim())
      .find((text) => text !== '' && !text.startsWith('```')) ?? '';
  const chars = [...line.replace(/\s+/g, ' ')];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
