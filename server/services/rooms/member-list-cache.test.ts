import { describe, expect, it } from 'vitest';
import type { MemberDto } from '../../../shared/api/rooms';
import { createMemberListCache } from './member-list-cache';

function member(id: string): MemberDto {
  return {
    user: { id, username: id, display_name: null, avatar_url: null },
    joined_at: '2026-11-28T00:00:00.000Z',
    moderator: false,
    muted_until: null,
  };
}

const unchanged = () => Promise.resolve(true);
const changed = () => Promise.resolve(false);

describe('member list cache', () => {
  it('answers at the sequence it was read at without asking the log', async () => {
    const cache = createMemberListCache();
    const list = [member('a')];
    cache.put('r', 5, list);
    const asked: number[] = [];
    expect(await cache.get('r', 5, (from) => (asked.push(from), unchanged()))).toBe(list);
    expect(asked).toEqual([]);
  });

  it('answers at a later sequence when the log has no membership change since, and checks from there next', async () => {
    const cache = createMemberListCache();
    const list = [member('a')];
    cache.put('r', 5, list);
    const asked: number[] = [];
    const check = (from: number) => (asked.push(from), unchanged());
    expect(await cache.get('r', 9, check)).toBe(list);
    expect(await cache.get('r', 12, check)).toBe(list);
    expect(asked).toEqual([5, 9]);
  });

  it('forgets the list once the log shows a membership change', async () => {
    const cache = createMemberListCache();
    cache.put('r', 5, [member('a')]);
    expect(await cache.get('r', 6, changed)).toBeUndefined();
    // Gone: even the sequence it was read at no longer answers.
    expect(await cache.get('r', 5, unchanged)).toBeUndefined();
  });

  it('does not answer a reader whose state is older than the list', async () => {
    const cache = createMemberListCache();
    cache.put('r', 8, [member('a')]);
    expect(await cache.get('r', 7, unchanged)).toBeUndefined();
    // An older read does not replace a newer list.
    cache.put('r', 7, [member('b')]);
    expect((await cache.get('r', 8, unchanged))?.map((m) => m.user.id)).toEqual(['a']);
  });

  it('reads names and avatars again once a list is older than its age limit', async () => {
    let now = 1_000;
    const cache = createMemberListCache({ maxAgeMs: 100, now: () => now });
    cache.put('r', 1, [member('a')]);
    now += 100;
    expect(await cache.get('r', 1, unchanged)).toBeDefined();
    now += 1;
    expect(await cache.get('r', 1, unchanged)).toBeUndefined();
  });

  it('keeps at most its member budget, dropping the least recently used rooms first', async () => {
    const cache = createMemberListCache({ maxMembers: 3 });
    cache.put('one', 1, [member('a')]);
    cache.put('two', 1, [member('b')]);
    await cache.get('one', 1, unchanged);
    cache.put('three', 1, [member('c'), member('d')]);
    expect(await cache.get('two', 1, unchanged)).toBeUndefined();
    expect(await cache.get('one', 1, unchanged)).toBeDefined();
    expect(await cache.get('three', 1, unchanged)).toBeDefined();
    // A list larger than the whole budget is not held.
    cache.put('big', 1, [member('e'), member('f'), member('g'), member('h')]);
    expect(await cache.get('big', 1, unchanged)).toBeUndefined();
  });
});
