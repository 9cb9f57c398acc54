import { useQuery } from '@tanstack/react-query';
import { api } from '../api/endpoints';

export const SITE_CONFIG_QUERY_KEY = ['site-config'] as const;

/** GET /api/config: the site origin and whether GitHub is live or the built-in demo. */
export function useSiteConfig() {
  return useQuery({
    queryKey: SITE_CONFIG_QUERY_KEY,
    queryFn: () => api.site.config(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
