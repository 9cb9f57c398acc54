import { describe, expect, it } from 'vitest';
import { parseQuery } from '../search/query';
import { dateRange, numberRange } from '../search/ranges';

const KEYS = new Set(['label', 'language', 'repo', 'stars', 'is']);

describe('parseQuery', () => {
  it('splits words, qualifiers and quoted values', () => {
    expect(parseQuery('repo:facebook/react label:"good first issue" is:issue React  Hooks', KEYS)).toEqual({
      terms: ['react', 'hooks'],
      qualifiers: [
        { key: 'repo', value: 'facebook/react', negated: false },
        { key: 'label', value: 'good first issue', negated: false },
        { key: 'is', value: 'issue', negated: false },
      ],
    });
  });

  it('understands whole quoted qualifiers, phrases and negation', () => {
    const parsed = parseQuery('"language:jupyter notebook" "static site" -label:bug', KEYS);
    expect(parsed.qualifiers).toEqual([
      { key: 'language', value: 'jupyter notebook', negated: false },
      { key: 'label', value: 'bug', negated: true },
    ]);
    expect(parsed.terms).toEqual(['static site']);
  });

  it('treats unknown keys as text', () => {
    expect(parseQuery('foo:bar', KEYS)).toEqual({ terms: ['foo:bar'], qualifiers: [] });
  });
});

describe('ranges', () => {
  it('numbers', () => {
    expect([9, 10, 11].map(numberRange('>10') as (n: number) => boolean)).toEqual([false, false, true]);
    expect([9, 10, 11].map(numberRange('>=10') as (n: number) => boolean)).toEqual([false, true, true]);
    expect([9, 10, 11].map(numberRange('<10') as (n: number) => boolean)).toEqual([true, false, false]);
    expect([9, 10, 11].map(numberRange('<=10') as (n: number) => boolean)).toEqual([true, true, false]);
    expect([9, 10, 20, 21].map(numberRange('10..20') as (n: number) => boolean)).toEqual([false, true, true, false]);
    expect([9, 10, 1e9].map(numberRange('10..*') as (n: number) => boolean)).toEqual([false, true, true]);
    expect([0, 20, 21].map(numberRange('*..20') as (n: number) => boolean)).toEqual([true, true, false]);
    expect(numberRange('10000')?.(10000)).toBe(true);
    expect(numberRange('1,000')?.(1000)).toBe(true);
    expect(numberRange('lots')).toBeNull();
    expect(numberRange('>')).toBeNull();
  });

  it('dates cover whole days', () => {
    const t = (s: string) => Date.parse(s);
    const after = dateRange('>2024-01-01') as (n: number) => boolean;
    expect(after(t('2024-01-01T23:59:59Z'))).toBe(false);
    expect(after(t('2024-01-02T00:00:00Z'))).toBe(true);
    const from = dateRange('>=2024-01-01') as (n: number) => boolean;
    expect(from(t('2024-01-01T00:00:00Z'))).toBe(true);
    const before = dateRange('<2024-01-01') as (n: number) => boolean;
    expect(before(t('2023-12-31T23:59:59Z'))).toBe(true);
    expect(before(t('2024-01-01T00:00:00Z'))).toBe(false);
    const between = dateRange('2024-01-01..2024-01-31') as (n: number) => boolean;
    expect(between(t('2024-01-31T12:00:00Z'))).toBe(true);
    expect(between(t('2024-02-01T00:00:00Z'))).toBe(false);
    expect(dateRange('2024-13-45')).toBeNull();
    expect(dateRange('yesterday')).toBeNull();
    expect((dateRange('>2024-01-01T10:00:00Z') as (n: number) => boolean)(t('2024-01-01T10:00:01Z'))).toBe(true);
  });
});
