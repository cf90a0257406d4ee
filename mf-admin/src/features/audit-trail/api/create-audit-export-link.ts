import { routes, type AuditFilters } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/download-links for the audit export: a one-time link (valid for a minute) to the CSV of the filtered entries. */
export async function createAuditExportLink(client: AdminClient, filters: AuditFilters): Promise<string> {
  return (await client.call(routes.createDownloadLink, { body: { resource: 'audit', filters } })).url;
}

export function useCreateAuditExportLink() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (filters: AuditFilters) => createAuditExportLink(client, filters) });
}
