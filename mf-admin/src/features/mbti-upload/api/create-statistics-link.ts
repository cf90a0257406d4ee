import { routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/download-links for the statistics: a one-time link (valid for a minute) the browser can download the file from. */
export async function createStatisticsLink(client: AdminClient): Promise<string> {
  return (await client.call(routes.createDownloadLink, { body: { resource: 'stats' } })).url;
}

export function useCreateStatisticsLink() {
  const client = useAdminClient();
  return useMutation({ mutationFn: () => createStatisticsLink(client) });
}
