import { describe, expect, it } from 'vitest';
import { slope } from './soak-bench';

describe('slope', () => {
  it('is the least-squares slope of the points', () => {
    expect(
      slope([
        [0, 100],
        [1, 102],
        [2, 104],
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        [0, 10],
        [1, 12],
        [2, 10],
        [3, 12],
      ]),
    ).toBeCloseTo(0.4);
  });

  it('is 0 without two distinct x values', () => {
    expect(slope([])).toBe(0);
    expect(slope([[1, 5]])).toBe(0);
    expect(
      slope([
        [2, 5],
        [2, 9],
      ]),
    ).toBe(0);
  });
});
