import { useQuery } from '@tanstack/react-query';
import type { MeDto } from '../../shared/api/auth';
import { ApiRequestError } from '../api/http';
import { api } from '../api/endpoints';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user, or null for a visitor. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<MeDto | null> => {
      try {
        return await api.session.me();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 3,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isError: query.isError, refetch: query.refetch };
}
