import { describe, expect, it } from 'vitest';
import { containsInvalidText } from './input-guard';

describe('containsInvalidText', () => {
  it('finds NUL and lone surrogates anywhere, keys included', () => {
    expect(containsInvalidText('a\u0000b')).toBe(true);
    expect(containsInvalidText({ content: 'x\uD800' })).toBe(true);
    expect(containsInvalidText({ list: ['ok', '\uDC00y'] })).toBe(true);
    expect(containsInvalidText({ ['k\u0000']: 'v' })).toBe(true);
  });
  it('accepts ordinary text, emoji (paired surrogates) and non-strings', () => {
    expect(containsInvalidText({ content: 'héllo 👍 𝄞', n: 1, b: true, z: null })).toBe(false);
  });
  it('treats absurdly deep nesting as invalid', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i += 1) deep = [deep];
    expect(containsInvalidText(deep)).toBe(true);
  });
});
