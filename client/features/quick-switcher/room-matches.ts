/** One place the quick switcher can open: a room of mine, or a repository found on GitHub. */
export interface SwitcherEntry {
  key: string;
  /** owner/name */
  fullName: string;
  kind: 'room' | 'repository';
  /** Where opening it goes: the room, or the repository's readable address (joins like "Join Chat"). */
  href: string;
}

/** My rooms whose repository name contains the text (any letter case); all of them for no text. */
export function matchRooms(
  rooms: ReadonlyArray<{ id: string; repo_full_name: string }>,
  text: string,
): SwitcherEntry[] {
  const wanted = text.trim().toLowerCase();
  return rooms
    .filter((room) => room.repo_full_name.toLowerCase().includes(wanted))
    .map((room) => ({
      key: `room:${room.id}`,
      fullName: room.repo_full_name,
      kind: 'room',
      href: `/chat/${encodeURIComponent(room.id)}`,
    }));
}

/** Repositories found by name, leaving out those already listed as my rooms. */
export function matchRepositories(
  repositories: ReadonlyArray<{ full_name: string }>,
  mine: ReadonlyArray<SwitcherEntry>,
): SwitcherEntry[] {
  const taken = new Set(mine.map((entry) => entry.fullName.toLowerCase()));
  return repositories
    .filter((repository) => !taken.has(repository.full_name.toLowerCase()))
    .map((repository) => {
      const [owner = '', name = ''] = repository.full_name.split('/');
      return {
        key: `repository:${repository.full_name.toLowerCase()}`,
        fullName: repository.full_name,
        kind: 'repository',
        href: `/r/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`,
      };
    });
}
