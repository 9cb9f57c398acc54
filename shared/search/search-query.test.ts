import { describe, expect, it } from 'vitest';
import { excerptAround, isSearchable, markMatches, parseSearchQuery } from './search-query';

describe('parseSearchQuery', () => {
  it('reads a trailing "*" as "every word it begins"', () => {
    expect(parseSearchQuery('deploy* Release*notes *x').terms).toEqual(['deploy*', 'release*', 'notes', 'x']);
  });

  it('reads lower-case words and an author', () => {
    expect(parseSearchQuery('  Release NOTES from:octocat ')).toEqual({ terms: ['release', 'notes'], from: 'octocat' });
    expect(parseSearchQuery('from:@Ada-L')).toEqual({ terms: [], from: 'Ada-L' });
  });

  it('keeps letters and digits only, so no search syntax reaches the database', () => {
    expect(parseSearchQuery('"v2.0" OR (NEAR* -x) ^a:b').terms).toEqual(['v2', '0', 'or', 'near*', 'x', 'a', 'b']);
    expect(parseSearchQuery('from:bad/login').terms).toEqual(['from', 'bad', 'login']);
    expect(parseSearchQuery('日本語 café').terms).toEqual(['日本語', 'café']);
  });

  it('drops repeated words and stops at ten', () => {
    expect(parseSearchQuery('a a b').terms).toEqual(['a', 'b']);
    expect(parseSearchQuery('a b c d e f g h i j k l').terms).toHaveLength(10);
  });

  it('knows when there is nothing to look for', () => {
    expect(isSearchable(parseSearchQuery('  ?! '))).toBe(false);
    expect(isSearchable(parseSearchQuery('from:ada'))).toBe(true);
  });
});

describe('markMatches', () => {
  it('marks whole words, and the start of each word a "word*" term begins', () => {
    expect(markMatches('Releases are out; release it', ['release'])).toEqual([
      { text: 'Releases are out; ', match: false },
      { text: 'release', match: true },
      { text: ' it', match: false },
    ]);
    expect(markMatches('Releases are out; release it', ['release*'])).toEqual([
      { text: 'Release', match: true },
      { text: 's are out; ', match: false },
      { text: 'release', match: true },
      { text: ' it', match: false },
    ]);
  });

  it('leaves text without matches whole', () => {
    expect(markMatches('nothing here', ['zzz'])).toEqual([{ text: 'nothing here', match: false }]);
    expect(markMatches('nothing here', [])).toEqual([{ text: 'nothing here', match: false }]);
  });
});

describe('excerptAround', () => {
  it('keeps short texts whole, on one line', () => {
    expect(excerptAround('a short\nmessage', ['short'])).toBe('a short message');
  });

  it('shows whole words around the first match of a long text', () => {
    const text = `${'lorem ipsum '.repeat(30)}the needle is here ${'dolor sit '.repeat(30)}`;
    const excerpt = excerptAround(text, ['needle'], 60);
    expect(excerpt).toContain('the needle is here');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(62);
    expect(excerpt).toMatch(/^…(lorem|ipsum) /);
  });

  it('starts at the beginning when nothing matches', () => {
    expect(excerptAround('word '.repeat(100), ['zzz'], 20)).toMatch(/^word word .*…$/);
  });
});
