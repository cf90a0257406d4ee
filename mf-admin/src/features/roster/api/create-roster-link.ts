import { routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/download-links for the roster (GET /api/admin/roster): a one-time link for a signed-in data manager, no key typed. */
export async function createRosterLink(client: AdminClient): Promise<string> {
  return (await client.call(routes.createDownloadLink, { body: { resource: 'roster' } })).url;
}

export function useCreateRosterLink() {
  const client = useAdminClient();
  return useMutation({ mutationFn: () => createRosterLink(client) });
}
