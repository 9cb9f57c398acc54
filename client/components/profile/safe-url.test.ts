import { describe, expect, it } from 'vitest';
import { formatMonthYear, safeHttpUrl, yearOf } from './safe-url';

describe('safeHttpUrl', () => {
  it('keeps http and https links', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
  });

  it('adds https to a bare domain', () => {
    expect(safeHttpUrl('example.com/blog')).toBe('https://example.com/blog');
  });

  it('refuses other schemes and junk', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe('dates', () => {
  it('formats the month and year, and the year', () => {
    expect(formatMonthYear('2012-03-14T09:21:07Z')).toBe('March 2012');
    expect(yearOf('2012-03-14T09:21:07Z')).toBe(2012);
    expect(formatMonthYear('nonsense')).toBeNull();
    expect(yearOf(null)).toBeNull();
  });
});
