import { describe, expect, it } from 'vitest';
import { countActiveFilters, DEFAULT_FILTERS, filtersFromQuery, filtersToQuery, isSearchable } from './discovery';

describe('discovery filters', () => {
  it('counts each filter that differs from its default; the star range counts once', () => {
    expect(countActiveFilters(DEFAULT_FILTERS)).toBe(0);
    expect(countActiveFilters({ ...DEFAULT_FILTERS, minStars: 1000, maxStars: 5000 })).toBe(1);
    expect(
      countActiveFilters({
        language: 'Go',
        minStars: 0,
        maxStars: 9000,
        activityLevel: 'active',
        dateRange: '2023',
        hasChats: 'no_chats',
      }),
    ).toBe(5);
  });

  it('leaves defaults out of the query string', () => {
    expect(filtersToQuery(DEFAULT_FILTERS)).toEqual({});
    expect(filtersToQuery({ ...DEFAULT_FILTERS, language: 'C++', hasChats: 'with_chats' })).toEqual({
      language: 'C++',
      chats: 'with_chats',
    });
  });

  it('searches only above 2 characters once trimmed', () => {
    expect(isSearchable('  ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });
});

/** A query string's reader, as URLSearchParams offers it. */
const query = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? null });

describe('filtersFromQuery', () => {
  it('reads back what filtersToQuery writes, and defaults for what is absent', () => {
    const filters = { ...DEFAULT_FILTERS, language: 'Rust' as const, minStars: 1000, hasChats: 'with_chats' as const };
    expect(filtersFromQuery(query(filtersToQuery(filters)))).toEqual(filters);
    expect(filtersFromQuery(query({}))).toEqual(DEFAULT_FILTERS);
  });

  it('falls back to the default for unknown or malformed values', () => {
    const params = query({ language: 'Klingon', minStars: '-5', maxStars: 'lots', chats: 'maybe' });
    expect(filtersFromQuery(params)).toEqual(DEFAULT_FILTERS);
    expect(filtersFromQuery(query({ minStars: '5000', maxStars: '1000' }))).toEqual(DEFAULT_FILTERS);
  });
});
