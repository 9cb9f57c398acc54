import { describe, expect, it } from 'vitest';
import { createSequenceTracker } from './sequence';

describe('sequence tracker', () => {
  it('applies consecutive events once and ignores repeats', () => {
    const tracker = createSequenceTracker(4);
    expect(tracker.accept(5)).toBe('apply');
    expect(tracker.accept(5)).toBe('duplicate');
    expect(tracker.accept(3)).toBe('duplicate');
    expect(tracker.accept(6)).toBe('apply');
    expect(tracker.last).toBe(6);
  });

  it('reports a gap without advancing, then continues once the missing event arrives', () => {
    const tracker = createSequenceTracker();
    expect(tracker.accept(1)).toBe('apply');
    expect(tracker.accept(3)).toBe('gap');
    expect(tracker.last).toBe(1);
    expect(tracker.accept(2)).toBe('apply');
    expect(tracker.accept(3)).toBe('apply');
  });

  it('restarts from a resync point', () => {
    const tracker = createSequenceTracker(2);
    tracker.reset(900);
    expect(tracker.accept(3)).toBe('duplicate');
    expect(tracker.accept(901)).toBe('apply');
  });
});
