import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeReturnPath('/chat/5c1e')).toBe('/chat/5c1e');
    expect(safeReturnPath('/user/ada?tab=repos#top')).toBe('/user/ada?tab=repos#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'chat/1',
    '/chat\n/1',
    '/auth',
    '/api/auth/sign-out',
    '/_emulator/login/oauth/authorize',
    `/${'a'.repeat(600)}`,
    // Paths that only become scheme-relative ("//evil.com") once normalised.
    '/.//evil.com',
    '/%2e%2e//evil.com',
    '/..//evil.com',
    '/%2E%2E//evil.com',
    '/a/../..//evil.com',
    '/.%2e//evil.com',
    '/%2e//evil.com',
  ])('falls back to / for %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('normalises dot segments before judging the path', () => {
    expect(safeReturnPath('/chat/./5c1e')).toBe('/chat/5c1e');
    expect(safeReturnPath('/chat/x/%2e%2e/5c1e')).toBe('/chat/5c1e');
  });
});

/** Pieces that URL parsers treat specially, so random paths reach the tricky cases often. */
const TRICKY_PIECES = [
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%09',
  '%00',
  '@',
  ':',
  '?',
  '#',
  '%',
  'evil.com',
  'http:',
  'https:',
  'javascript:',
  '\t',
  '\n',
  ' ',
  'a',
  '。',
  'ｅ',
  '\u0000',
];
const candidates = fc.oneof(
  fc.array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `/${s}`),
  fc.string({ maxLength: 40 }),
  fc.webUrl(),
);

describe('safeReturnPath against the WHATWG URL parser', () => {
  for (const origin of ['https://rooms.example', 'http://localhost:3000']) {
    it(`never leaves ${origin}, whatever is asked`, () => {
      fc.assert(
        fc.property(candidates, (candidate) => {
          const path = safeReturnPath(candidate);
          const resolved = new URL(path, origin);
          expect(resolved.origin).toBe(origin);
          // What the browser follows is exactly the path given (nothing left to normalise).
          expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(path);
          expect(safeReturnPath(path)).toBe(path);
        }),
        { numRuns: 5000 },
      );
    });
  }
});
