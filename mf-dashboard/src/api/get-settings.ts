import { fetchSettings } from '@study/api-client';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/settings: the study email host, the TypeFinder widget, the dashboard's reset flag.
 * Asked for once while the remote is mounted (a deployment's settings do not change meanwhile).
 */
export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: ({ signal }) => fetchSettings(signal), staleTime: Infinity });
}
