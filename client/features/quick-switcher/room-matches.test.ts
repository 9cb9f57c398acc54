import { describe, expect, it } from 'vitest';
import { matchRepositories, matchRooms } from './room-matches';

const rooms = [
  { id: 'r1', repo_full_name: 'facebook/react' },
  { id: 'r2', repo_full_name: 'BurntSushi/ripgrep' },
];

describe('quick switcher matches', () => {
  it('filters my rooms by any part of the name, in any letter case', () => {
    expect(matchRooms(rooms, 'RIP').map((e) => e.href)).toEqual(['/chat/r2']);
    expect(matchRooms(rooms, '  ')).toHaveLength(2);
    expect(matchRooms(rooms, 'vue')).toEqual([]);
  });

  it('adds repositories by name that are not already my rooms, opening their readable address', () => {
    const mine = matchRooms(rooms, 're');
    const found = matchRepositories([{ full_name: 'Facebook/React' }, { full_name: 'preactjs/preact' }], mine);
    expect(found).toEqual([
      {
        key: 'repository:preactjs/preact',
        fullName: 'preactjs/preact',
        kind: 'repository',
        href: '/r/preactjs/preact',
      },
    ]);
  });
});
