const englishPlurals = new Intl.PluralRules('en-US');

/** The word for a count ('1 member', '2 members', '0 members'), chosen by the language's plural rules. */
export function pluralWord(count: number, one: string, other: string): string {
  return englishPlurals.select(count) === 'one' ? one : other;
}

/** A count with its word: '1 member', '1,204 members'. */
export function countOf(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${pluralWord(count, one, other)}`;
}
