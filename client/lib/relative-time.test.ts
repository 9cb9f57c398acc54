import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how recent a moment was, with plural-correct units', () => {
    expect(timeAgo(ago(10), now)).toBe('just now');
    expect(timeAgo(ago(60), now)).toBe('1 minute ago');
    expect(timeAgo(ago(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(3600), now)).toBe('1 hour ago');
    expect(timeAgo(ago(3 * 86400), now)).toBe('3 days ago');
    // A clock a little behind the server's is not 'in 2 seconds'.
    expect(timeAgo(new Date(now + 2000).toISOString(), now)).toBe('just now');
  });
});
