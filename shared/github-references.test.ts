import { describe, expect, it } from 'vitest';
import {
  findReferences,
  mayHoldReferences,
  parseReferenceUrl,
  referenceHref,
  referenceKey,
  referenceWebUrls,
  type ReferenceContext,
} from './github-references';

const context: ReferenceContext = { repo: 'vitejs/vite', webUrls: referenceWebUrls('http://localhost:3000/_emulator') };

describe('findReferences', () => {
  it('reads #N of the room, owner/repo#N and issue or pull request addresses, in order', () => {
    expect(
      findReferences(
        'See #12, facebook/react#3 and https://github.com/nodejs/node/pull/77. Also http://localhost:3000/_emulator/a/b/issues/5',
        context,
      ),
    ).toEqual([
      { repo: 'vitejs/vite', number: 12 },
      { repo: 'facebook/react', number: 3 },
      { repo: 'nodejs/node', number: 77 },
      { repo: 'a/b', number: 5 },
    ]);
  });

  it('ignores references inside inline code, fenced code and after a backslash', () => {
    expect(findReferences('`#1` and ```\n#2 owner/repo#3\n``` and \\#4 but #5', context)).toEqual([
      { repo: 'vitejs/vite', number: 5 },
    ]);
  });

  it('ignores look-alikes: words, entities, paths, zero, trailing letters, other hosts and sub-pages', () => {
    const text = [
      'abc#1',
      '&#123;',
      'a/b/c#2',
      '#0',
      '#12abc',
      'https://example.com/o/r/issues/1',
      'https://github.com/o/r/issues/1#issuecomment-5',
      'https://github.com/o/r/pull/1/files',
      'https://github.com/o/r/issues/1?x=1',
      'https://github.com/o/r/issues',
      'C#',
      'mail@#3',
    ].join(' ');
    expect(findReferences(text, context)).toEqual([]);
  });

  it('counts one reference once, whatever its spelling or form', () => {
    expect(
      findReferences(
        '#7 Vitejs/Vite#7 https://github.com/vitejs/vite/issues/7 https://github.com/vitejs/vite/pull/7',
        context,
      ),
    ).toEqual([{ repo: 'vitejs/vite', number: 7 }]);
  });

  it('stops at ten references', () => {
    const text = Array.from({ length: 15 }, (_, i) => `#${i + 1}`).join(' ');
    const found = findReferences(text, context);
    expect(found).toHaveLength(10);
    expect(found.at(-1)).toEqual({ repo: 'vitejs/vite', number: 10 });
  });

  it('needs the room’s repository for #N', () => {
    expect(findReferences('#1 and o/r#2', { repo: null, webUrls: ['https://github.com'] })).toEqual([
      { repo: 'o/r', number: 2 },
    ]);
  });

  it('takes sentence punctuation off an address', () => {
    expect(findReferences('(https://github.com/o/r/issues/9).', context)).toEqual([{ repo: 'o/r', number: 9 }]);
  });
});

describe('addresses', () => {
  it('parses only the configured origins, keeping base paths', () => {
    expect(parseReferenceUrl('https://github.com/o/r/pull/1/', context.webUrls)).toEqual({ repo: 'o/r', number: 1 });
    expect(parseReferenceUrl('http://localhost:3000/o/r/pull/1', context.webUrls)).toBeNull();
    expect(parseReferenceUrl('https://github.com.evil.test/o/r/pull/1', context.webUrls)).toBeNull();
    expect(parseReferenceUrl('https://github.com/o/../pull/1', context.webUrls)).toBeNull();
  });

  it('builds the address of a reference and one key per spelling', () => {
    expect(referenceHref('https://github.com', { repo: 'o/r', number: 4 })).toBe('https://github.com/o/r/issues/4');
    expect(referenceHref('https://github.com', { repo: 'o/r', number: 4 }, 'pull')).toBe(
      'https://github.com/o/r/pull/4',
    );
    expect(referenceKey({ repo: 'O/R', number: 4 })).toBe(referenceKey({ repo: 'o/r', number: 4 }));
    expect(referenceWebUrls('https://github.com/')).toEqual(['https://github.com']);
    expect(referenceWebUrls('javascript:alert(1)')).toEqual(['https://github.com']);
  });
});

describe('mayHoldReferences', () => {
  it('is true for every text with a reference, and false for texts that cannot hold one', () => {
    const referring = [
      'See #12',
      'facebook/react#3',
      'https://github.com/nodejs/node/pull/77.',
      'http://localhost:3000/_emulator/a/b/issues/5',
      'https://github.com/a/b/issues/9/',
    ];
    for (const text of referring) {
      expect(findReferences(text, context).length, text).toBeGreaterThan(0);
      expect(mayHoldReferences(text), text).toBe(true);
    }
    expect(mayHoldReferences('seeded message number 12 about releases, issues and pull requests')).toBe(false);
    expect(mayHoldReferences('https://github.com/nodejs/node/pulls and /issues')).toBe(false);
  });

  it('never rules out a text in which findReferences finds something', () => {
    // Random texts built from the pieces references are made of.
    const pieces = [
      '#',
      '1',
      '42',
      'a',
      'b/',
      'owner/repo',
      '/issues/',
      '/pull/',
      'https://github.com/',
      ' ',
      '.',
      '`',
      '\\',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      if (findReferences(text, context).length > 0) expect(mayHoldReferences(text), text).toBe(true);
    }
  });
});
