import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../../shared/api/discovery';
import {
  createdAfter,
  createdClause,
  filterClauses,
  joinQualifiers,
  starsClause,
  trendingClause,
} from './search-clauses';

const NOW = Date.parse('2025-03-31T15:00:00Z');
const repo = (language: string | null, stars: number, created: string) => ({
  language,
  stargazers_count: stars,
  created_at: created,
});

describe('search clauses', () => {
  it('adds nothing for the default filters', () => {
    expect(filterClauses(DEFAULT_FILTERS, NOW)).toEqual([]);
  });

  it('writes GitHub language qualifiers in lower case, C++ and C# included', () => {
    const q = (language: (typeof DEFAULT_FILTERS)['language']) =>
      joinQualifiers(filterClauses({ ...DEFAULT_FILTERS, language }, NOW));
    expect(q('C++')).toBe('language:c++');
    expect(q('C#')).toBe('language:c#');
    expect(q('JavaScript')).toBe('language:javascript');
    const [clause] = filterClauses({ ...DEFAULT_FILTERS, language: 'C++' }, NOW);
    expect(clause?.matches(repo('C++', 1, '2020-01-01T00:00:00Z'))).toBe(true);
    expect(clause?.matches(repo('C', 1, '2020-01-01T00:00:00Z'))).toBe(false);
  });

  it('maps the star slider: >=min, min..max, and no clause for the full range', () => {
    expect(starsClause(0, 100_000)).toBeNull();
    expect(starsClause(5000, 100_000)?.qualifier).toBe('stars:>=5000');
    expect(starsClause(0, 20_000)?.qualifier).toBe('stars:0..20000');
    const range = starsClause(1000, 2000)!;
    expect([999, 1000, 2000, 2001].map((s) => range.matches(repo(null, s, '')))).toEqual([false, true, true, false]);
    expect(trendingClause().matches(repo(null, 10_000, ''))).toBe(false);
    expect(trendingClause().matches(repo(null, 10_001, ''))).toBe(true);
  });

  it('computes created ranges from today', () => {
    expect(createdClause('all', NOW)).toBeNull();
    expect(createdClause('week', NOW)?.qualifier).toBe('created:>=2025-03-24');
    // 31 March minus a month is the end of February.
    expect(createdClause('month', NOW)?.qualifier).toBe('created:>=2025-02-28');
    expect(createdClause('year', NOW)?.qualifier).toBe('created:>=2024-03-31');
    expect(createdClause('2024', NOW)?.qualifier).toBe('created:2024-01-01..2024-12-31');
    const y2023 = createdClause('2023', NOW)!;
    expect(y2023.matches(repo(null, 0, '2023-12-31T23:59:59Z'))).toBe(true);
    expect(y2023.matches(repo(null, 0, '2024-01-01T00:00:00Z'))).toBe(false);
  });

  it('reads created:>DAY as after that whole day, like GitHub', () => {
    const after = createdAfter('2024-01-01');
    expect(after.qualifier).toBe('created:>2024-01-01');
    expect(after.matches(repo(null, 0, '2024-01-01T23:00:00Z'))).toBe(false);
    expect(after.matches(repo(null, 0, '2024-01-02T00:00:00Z'))).toBe(true);
  });

  it('puts the user text first', () => {
    expect(joinQualifiers([trendingClause()], '  state management ')).toBe('state management stars:>10000');
  });
});
