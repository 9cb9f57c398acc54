import { describe, expect, it } from 'vitest';
import { messageExcerpt } from './excerpt';

describe('messageExcerpt', () => {
  it('shows the first line with words', () => {
    expect(messageExcerpt('\n  first line  \nsecond')).toBe('first line');
    expect(messageExcerpt('```ts\nconst a = 1;\n```')).toBe('const a = 1;');
  });

  it('cuts long lines with an ellipsis, never inside a character', () => {
    expect(messageExcerpt('a'.repeat(200))).toBe(`${'a'.repeat(139)}…`);
    expect(messageExcerpt('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
  });

  it('is empty for a message without words', () => {
    expect(messageExcerpt('')).toBe('');
  });
});
