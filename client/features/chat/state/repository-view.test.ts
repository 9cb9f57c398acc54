import { describe, expect, it } from 'vitest';
import type { RepositoryDetailsDto } from '../../../../shared/api/repositories';
import { toRepositoryView } from './repository-view';

describe('toRepositoryView', () => {
  it('builds a minimal record from the room name when the lookup finds nothing', () => {
    expect(toRepositoryView(null, 'octo/hello', 'https://github.com/')).toMatchObject({
      owner: 'octo',
      name: 'hello',
      stars: 0,
      forks: 0,
      description: null,
      language: null,
      htmlUrl: 'https://github.com/octo/hello',
    });
  });

  it('gives up when the name has no owner/name shape', () => {
    for (const name of ['', 'nohash', '/x', 'x/', 'a/b/c'])
      expect(toRepositoryView(null, name, 'https://g')).toBeNull();
  });

  it('prefers the GitHub record', () => {
    const details = {
      full_name: 'octo/hello',
      name: 'hello',
      owner: { login: 'octo', avatar_url: 'https://a/1' },
      html_url: 'https://github.com/octo/hello',
      default_branch: 'main',
      description: 'd',
      language: 'Go',
      stargazers_count: 5,
      forks_count: 2,
      open_issues_count: 1,
      topics: ['x'],
      contributors: [],
      releases: [],
      id: 1,
    } satisfies RepositoryDetailsDto;
    expect(toRepositoryView(details, 'other/name', 'https://g')).toMatchObject({
      fullName: 'octo/hello',
      defaultBranch: 'main',
      stars: 5,
      language: 'Go',
    });
  });
});
