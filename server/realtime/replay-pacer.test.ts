import { describe, expect, it } from 'vitest';
import { ReplayPacer } from './replay-pacer';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ReplayPacer', () => {
  it('lets a page start at once while the turn has room', async () => {
    const pacer = new ReplayPacer(2);
    const started: number[] = [];
    void pacer.nextPage().then(() => started.push(1));
    void pacer.nextPage().then(() => started.push(2));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(pacer.queued).toBe(0);
  });

  it('holds the pages beyond the limit for later turns, first come first served', async () => {
    const pacer = new ReplayPacer(2);
    const started: Array<{ page: number; turn: number }> = [];
    let turn = 0;
    for (let page = 1; page <= 7; page += 1) void pacer.nextPage().then(() => started.push({ page, turn }));
    await Promise.resolve();
    expect(started.map((s) => s.page)).toEqual([1, 2]);
    expect(pacer.queued).toBe(5);
    for (turn = 1; turn <= 4; turn += 1) await nextTurn();
    expect(started.map((s) => s.page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Never more than two in one turn.
    const perTurn = new Map<number, number>();
    for (const s of started) perTurn.set(s.turn, (perTurn.get(s.turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBe(2);
    expect(pacer.queued).toBe(0);
  });

  it('does not let a newcomer pass pages already waiting', async () => {
    const pacer = new ReplayPacer(1);
    const order: string[] = [];
    void pacer.nextPage().then(() => order.push('first'));
    void pacer.nextPage().then(() => order.push('waiting'));
    await nextTurn();
    void pacer.nextPage().then(() => order.push('newcomer'));
    await nextTurn();
    await nextTurn();
    expect(order).toEqual(['first', 'waiting', 'newcomer']);
  });
});
