import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { IgnoredUserDto } from '../../shared/api/moderation-tools';
import type { UserSummaryDto } from '../../shared/api/rooms';
import { IGNORED_QUERY_KEY, ignoredApi } from '../api/moderation-tools';
import { ApiRequestError } from '../api/http';
import { toast } from '../lib/toast';
import { UNREAD_QUERY_KEY } from './useUnread';
import { displayName } from '../../shared/display-name';

const NONE: IgnoredUserDto[] = [];

function name(user: UserSummaryDto): string {
  return displayName(user, 'this user');
}

/**
 * The people the signed-in user ignores (private to them): their messages are collapsed and their
 * mentions do not count. Ignoring and unignoring refresh the list and the unread counts.
 */
export function useIgnoredUsers(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: IGNORED_QUERY_KEY,
    queryFn: async ({ signal }) => (await ignoredApi.list({ signal })).users,
    enabled,
  });
  const users = query.data ?? NONE;
  const ignoredIds = useMemo(() => new Set(users.map((entry) => entry.user.id)), [users]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: IGNORED_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
  }, [queryClient]);

  const ignore = useCallback(
    (user: UserSummaryDto) => {
      ignoredApi.ignore(user.id).then(
        () => {
          toast.success(`You are ignoring ${name(user)}`);
          refresh();
        },
        (error: unknown) =>
          toast.error('Failed to ignore', {
            description: error instanceof ApiRequestError ? error.message : undefined,
          }),
      );
    },
    [refresh],
  );

  const unignore = useCallback(
    (user: UserSummaryDto) => {
      ignoredApi.unignore(user.id).then(refresh, (error: unknown) =>
        toast.error('Failed to unignore', {
          description: error instanceof ApiRequestError ? error.message : undefined,
        }),
      );
    },
    [refresh],
  );

  return { users, ignoredIds, loading: query.isLoading, ignore, unignore };
}
