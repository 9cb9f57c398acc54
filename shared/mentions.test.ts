import { describe, expect, it } from 'vitest';
import { mentionedHandles } from './mentions';

describe('mentionedHandles', () => {
  it('finds each handle once, in lower case', () => {
    expect(mentionedHandles('@Ada-demo and @grace-demo, thanks @ada-demo!')).toEqual(['ada-demo', 'grace-demo']);
  });

  it('ignores e-mail addresses, too short or too long names, and code', () => {
    expect(mentionedHandles('mail me@example.com, @ab, @abcdefghijklmnopqrstu')).toEqual([]);
    expect(mentionedHandles('see `@ada-demo` and\n```\n@grace-demo\n```\nbut @linus-demo')).toEqual(['linus-demo']);
  });

  it('stops at the limit', () => {
    expect(mentionedHandles('@aaa @bbb @ccc', 2)).toEqual(['aaa', 'bbb']);
  });
});
