import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUND_SLICE_MS, SpreadRounds } from './spread-rounds';

describe('SpreadRounds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('visits every item once per period, in slices of about the same size, one slice per second', () => {
    const visits: string[][] = [];
    const rounds = new SpreadRounds<string>(30_000, (slice) => visits.push([...slice]));
    expect(rounds.tickMs).toBe(ROUND_SLICE_MS);
    const items = Array.from({ length: 3000 }, (_, i) => `socket-${i}`);
    for (const item of items) rounds.add(item);
    for (let tick = 0; tick < 30; tick += 1) rounds.tick();
    expect(visits).toHaveLength(30);
    expect(visits.every((slice) => slice.length === 100)).toBe(true);
    expect(new Set(visits.flat())).toEqual(new Set(items));
    // The next period visits the same slices again, in the same order.
    rounds.tick();
    expect(visits[30]).toEqual(visits[0]);
  });

  it('stops visiting an item once it is deleted, and never visits an item twice in a period', () => {
    const visited: string[] = [];
    const rounds = new SpreadRounds<string>(3000, (slice) => visited.push(...slice));
    rounds.add('a');
    rounds.add('b');
    rounds.add('b');
    rounds.add('c');
    rounds.delete('b');
    rounds.delete('never-added');
    for (let tick = 0; tick < 3; tick += 1) rounds.tick();
    expect(visited.sort()).toEqual(['a', 'c']);
  });

  it('skips empty slices and runs a period shorter than a slice as one slice', () => {
    const visit = vi.fn();
    const rounds = new SpreadRounds<string>(100, visit);
    expect(rounds.tickMs).toBe(100);
    rounds.tick();
    expect(visit).not.toHaveBeenCalled();
    rounds.add('a');
    rounds.tick();
    rounds.tick();
    expect(visit.mock.calls).toEqual([[['a']], [['a']]]);
  });

  it('ticks on its own once started, every tickMs', () => {
    vi.useFakeTimers();
    const visit = vi.fn();
    const rounds = new SpreadRounds<number>(4000, visit);
    for (let i = 0; i < 8; i += 1) rounds.add(i);
    const timer = rounds.start();
    vi.advanceTimersByTime(4000);
    expect(visit.mock.calls.map(([slice]) => slice)).toEqual([
      [0, 4],
      [1, 5],
      [2, 6],
      [3, 7],
    ]);
    clearInterval(timer);
  });
});
