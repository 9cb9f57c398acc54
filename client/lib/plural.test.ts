import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural';

describe('plurals', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'member', 'members')).toBe('1 member');
    expect(countOf(0, 'member', 'members')).toBe('0 members');
    expect(countOf(2, 'member', 'members')).toBe('2 members');
    expect(countOf(1204, 'member', 'members')).toBe('1,204 members');
    expect(pluralWord(1, 'Room', 'Rooms')).toBe('Room');
    expect(pluralWord(3, 'Room', 'Rooms')).toBe('Rooms');
  });
});
