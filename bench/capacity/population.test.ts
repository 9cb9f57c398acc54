import { describe, expect, it } from 'vitest';
import { count, merge, newHistogram, quantile, record, fromSparse, toSparse } from './histogram';
import { roomSizes, zipfMemberships } from './population';

describe('capacity population', () => {
  it('puts every user in five distinct rooms, the same ones on every run, with Zipf-sized rooms', () => {
    const shape = { users: 5_000, rooms: 1_000, roomsPerUser: 5, zipfS: 1.1, seed: 7 };
    const memberships = zipfMemberships(shape);
    expect(memberships).toHaveLength(5_000);
    for (const rooms of memberships) expect(new Set(rooms).size).toBe(5);
    expect(zipfMemberships(shape)).toEqual(memberships);
    const sizes = roomSizes(
      {
        roomIds: Array.from({ length: 1_000 }, String),
        users: memberships.map((rooms, i) => ({ id: String(i), cookie: '', rooms })),
      },
      5_000,
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25_000);
    // The first room is in most users' five; the tenth holds far fewer; the tail a handful.
    expect(sizes[0]).toBeGreaterThan(2_500);
    expect(sizes[9]).toBeLessThan((sizes[0] ?? 0) / 3);
    expect(sizes.slice(900).reduce((a, b) => a + b, 0) / 100).toBeLessThan(10);
  });
});

describe('latency histogram', () => {
  it('reads percentiles to 0.1 ms below a second and merges across processes', () => {
    const a = newHistogram();
    const b = newHistogram();
    for (let i = 1; i <= 98; i += 1) record(a, 5.04);
    record(b, 250.02);
    record(b, 4_321);
    const merged = merge(fromSparse(toSparse(a)), b);
    expect(count(merged)).toBe(100);
    expect(quantile(merged, 50)).toBe(5.1);
    expect(quantile(merged, 99)).toBe(250.1);
    expect(quantile(merged, 100)).toBe(4_330);
    expect(quantile(newHistogram(), 99)).toBe(0);
  });
});
