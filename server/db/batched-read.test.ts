import { describe, expect, it } from 'vitest';
import { createBatchedRead } from './batched-read';

/** A readMany whose reads end only when the test says so. */
function controlledReads() {
  const calls: Array<{ keys: string[]; finish(values: Record<string, number>): void; fail(error: Error): void }> = [];
  const readMany = (keys: string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      calls.push({
        keys,
        finish: (values) => resolve(new Map(Object.entries(values))),
        fail: reject,
      });
    });
  return { calls, readMany };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatchedRead', () => {
  it('reads a lone call at once, and calls made during a read together once it ends', async () => {
    const { calls, readMany } = controlledReads();
    const read = createBatchedRead(readMany);
    const first = read('ada');
    expect(calls.map((call) => call.keys)).toEqual([['ada']]);

    // Asked while the first read runs: not answered by it (it may predate their writes).
    const again = read('ada');
    const grace = read('grace');
    const graceTwice = read('grace');
    const nobody = read('nobody');
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.finish({ ada: 1 });
    expect(await first).toBe(1);
    await tick();
    expect(calls.map((call) => call.keys)).toEqual([['ada'], ['ada', 'grace', 'nobody']]);
    calls[1]!.finish({ ada: 2, grace: 3 });
    expect(await Promise.all([again, grace, graceTwice, nobody])).toEqual([2, 3, 3, undefined]);

    // Idle again: the next call is read at once.
    const later = read('grace');
    expect(calls).toHaveLength(3);
    calls[2]!.finish({ grace: 4 });
    expect(await later).toBe(4);
  });

  it('a failed read fails its own callers only, and the next batch still runs', async () => {
    const { calls, readMany } = controlledReads();
    const read = createBatchedRead(readMany);
    const failing = read('ada');
    const next = read('grace');
    calls[0]!.fail(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await tick();
    expect(calls[1]!.keys).toEqual(['grace']);
    calls[1]!.finish({ grace: 5 });
    expect(await next).toBe(5);
  });

  it('reads at most maxKeys keys per statement', async () => {
    const { calls, readMany } = controlledReads();
    const read = createBatchedRead(readMany, 2);
    const first = read('a');
    const rest = ['b', 'c', 'd'].map((key) => read(key));
    calls[0]!.finish({ a: 1 });
    await first;
    await tick();
    expect(calls[1]!.keys).toEqual(['b', 'c']);
    calls[1]!.finish({ b: 2, c: 3 });
    await tick();
    expect(calls[2]!.keys).toEqual(['d']);
    calls[2]!.finish({ d: 4 });
    expect(await Promise.all(rest)).toEqual([2, 3, 4]);
  });
});
