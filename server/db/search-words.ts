/**
 * The words SQLite's FTS5 index (tokenizer `unicode61 remove_diacritics 0`) makes of a text: runs
 * of letters, digits and private-use characters (its default token categories L*, N* and Co),
 * everything else separating them, in lower case. Kept in `message_search_terms` so that a
 * `word*` search finds the words it begins without FTS5's vocabulary, which counts every
 * occurrence of each word it lists.
 */
export function searchWordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const [word] of text.matchAll(/[\p{L}\p{N}\p{Co}]+/gu)) words.add(word.toLowerCase());
  return [...words];
}
