import { useQuery } from '@tanstack/react-query';
import type { SiteConfigDto } from '../../shared/api/auth';
import { apiFetch } from '../api/http';

export const SITE_CONFIG_QUERY_KEY = ['site-config'] as const;

/** GET /api/config: the site origin and whether GitHub is live or the built-in demo. */
export function useSiteConfig() {
  return useQuery({
    queryKey: SITE_CONFIG_QUERY_KEY,
    queryFn: () => apiFetch<SiteConfigDto>('/api/config'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
