import { routes, type AuditFilters } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/admin/download-links for the audit export: a one-time link (valid for a minute) to the CSV of the filtered entries. */
export async function createAuditExportLink({ masterKey, filters }: { masterKey: string; filters: AuditFilters }): Promise<string> {
  return (await adminCall(routes.createDownloadLink, masterKey, { body: { resource: 'audit', filters } })).url;
}

export function useCreateAuditExportLink() {
  return useMutation({ mutationFn: createAuditExportLink });
}
