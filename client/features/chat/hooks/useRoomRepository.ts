import { useQuery } from '@tanstack/react-query';
import type { IssueDto, RepositoryDetailsDto } from '../../../../shared/api/repositories';
import { ROOM_ISSUES_LIMIT } from '../../../../shared/limits';
import { api } from '../../../api/endpoints';

function ownerAndName(fullName: string): { owner: string; name: string } | null {
  const [owner, name, ...rest] = fullName.split('/');
  if (!owner || !name || rest.length > 0) return null;
  return { owner, name };
}

/**
 * The room's repository from GitHub, or null when it cannot be found. Failures are not shown
 * (docs/PRODUCT.md §8: repository detail failures are ignored); the page falls back to a minimal record.
 */
export function useRoomRepository(fullName: string | undefined) {
  const repo = fullName ? ownerAndName(fullName) : null;
  return useQuery({
    queryKey: ['chat', 'repository', fullName ?? ''],
    queryFn: async ({ signal }): Promise<RepositoryDetailsDto | null> => {
      try {
        return repo ? await api.repos.details(repo.owner, repo.name, { signal }) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') throw error;
        return null;
      }
    },
    enabled: Boolean(repo),
  });
}

/** Open 'good first issue' items (up to 5); a failure yields an empty list. */
export function useRoomGoodFirstIssues(fullName: string | undefined) {
  const repo = fullName ? ownerAndName(fullName) : null;
  return useQuery({
    queryKey: ['chat', 'good-first-issues', fullName ?? '', ROOM_ISSUES_LIMIT],
    queryFn: async ({ signal }): Promise<IssueDto[]> => {
      try {
        if (!repo) return [];
        const response = await api.repos.goodFirstIssues(repo.owner, repo.name, ROOM_ISSUES_LIMIT, { signal });
        return response.issues.slice(0, ROOM_ISSUES_LIMIT);
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') throw error;
        return [];
      }
    },
    enabled: Boolean(repo),
  });
}
