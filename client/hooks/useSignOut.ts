import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/endpoints';
import { SESSION_QUERY_KEY } from './useSession';

/** Ends the session on the server and forgets every cached user-specific answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.session.signOut(),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
  });
}
