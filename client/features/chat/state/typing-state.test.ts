import { describe, expect, it } from 'vitest';
import { clearTyping, pruneTyping, receiveTyping, typingText } from './typing-state';

describe('typingText', () => {
  it('shows up to two names, then and others', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ada'])).toBe('Ada typing…');
    expect(typingText(['Ada', 'Grace'])).toBe('Ada and Grace typing…');
    expect(typingText(['Ada', 'Grace', 'Linus'])).toBe('Ada and Grace and others typing…');
    expect(typingText(['A', 'B', 'C', 'D'])).toBe('A and B and others typing…');
  });
});

describe('typing flags', () => {
  it('keeps a fresh signal for about 3 s from when it was relayed', () => {
    const flags = receiveTyping(new Map(), 'u1', 500, 10_000);
    expect(flags.get('u1')).toBe(12_500);
    expect(pruneTyping(flags, 12_499).has('u1')).toBe(true);
    expect(pruneTyping(flags, 12_500).has('u1')).toBe(false);
  });

  it('ignores signals older than 2.5 s', () => {
    const empty = new Map<string, number>();
    expect(receiveTyping(empty, 'u1', 2_501, 10_000)).toBe(empty);
    expect(receiveTyping(empty, 'u1', 2_500, 10_000).has('u1')).toBe(true);
  });

  it('extends the flag with a newer signal and never shortens it with an older one', () => {
    const first = receiveTyping(new Map(), 'u1', 0, 10_000);
    const newer = receiveTyping(first, 'u1', 0, 11_000);
    expect(newer.get('u1')).toBe(14_000);
    expect(receiveTyping(newer, 'u1', 2_000, 11_500)).toBe(newer);
  });

  it('clears one user and keeps the same map when nothing changes', () => {
    const flags = receiveTyping(new Map(), 'u1', 0, 0);
    expect(clearTyping(flags, 'u1').size).toBe(0);
    expect(clearTyping(flags, 'u2')).toBe(flags);
    expect(pruneTyping(flags, 1)).toBe(flags);
  });
});
