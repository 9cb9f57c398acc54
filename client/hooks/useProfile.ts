import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeDto } from '../../shared/api/auth';
import type { OwnProfileDto, UpdateProfileRequest } from '../../shared/api/profiles';
import { api } from '../api/endpoints';
import { SESSION_QUERY_KEY } from './useSession';

export const OWN_PROFILE_QUERY_KEY = ['profile', 'own'] as const;
const PUBLIC_PROFILE_QUERY_KEY = ['profile', 'public'] as const;

/** The signed-in user's full profile (GET /api/profile). */
export function useOwnProfile() {
  return useQuery({
    queryKey: OWN_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => api.profile.own({ signal }),
    // The owner edits this page; always start from the server's copy.
    staleTime: 0,
  });
}

/** Anyone's public profile by id or username (GET /api/users/:idOrUsername). */
export function usePublicProfile(idOrUsername: string | undefined) {
  return useQuery({
    queryKey: [...PUBLIC_PROFILE_QUERY_KEY, idOrUsername?.toLowerCase() ?? ''],
    queryFn: ({ signal }) => api.profile.public(idOrUsername ?? '', { signal }),
    enabled: Boolean(idOrUsername),
    // Privacy changes must show at once.
    staleTime: 0,
  });
}

/** Keeps every cached view of the user in line with a freshly saved or synced profile. */
function useProfileCacheUpdate() {
  const queryClient = useQueryClient();
  return (profile: OwnProfileDto) => {
    queryClient.setQueryData(OWN_PROFILE_QUERY_KEY, profile);
    queryClient.setQueryData<MeDto | null>(SESSION_QUERY_KEY, (me) =>
      me
        ? {
            ...me,
            username: profile.username,
            display_name: profile.display_name,
            avatar_url: profile.avatar_url,
            github_username: profile.github_username,
            theme_preference: profile.theme_preference,
          }
        : me,
    );
    void queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_KEY });
  };
}

/** PATCH /api/profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const update = useProfileCacheUpdate();
  return useMutation({
    mutationFn: (edit: UpdateProfileRequest) => api.profile.update(edit),
    onMutate: (edit) => {
      // The session's theme drives the app-wide theme; keep it in step with the choice being saved.
      const theme = edit.theme_preference;
      if (theme) {
        queryClient.setQueryData<MeDto | null>(SESSION_QUERY_KEY, (me) =>
          me ? { ...me, theme_preference: theme } : me,
        );
      }
    },
    onSuccess: update,
  });
}

/** POST /api/profile/sync: refreshes GitHub data and answers the updated profile. */
export function useSyncProfile() {
  const update = useProfileCacheUpdate();
  return useMutation({
    mutationFn: () => api.profile.sync(),
    onSuccess: update,
  });
}
