import { routes, type AuditFilters, type AuditPage } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

export interface AuditPageRequest {
  filters: AuditFilters;
  /** The previous page's nextBefore. */
  before?: string;
}

/** GET /api/admin/audit/entries: one page of the audit trail, newest first, each entry naming who did it. */
export function readAuditPage(client: AdminClient, { filters, before }: AuditPageRequest): Promise<AuditPage> {
  return client.call(routes.auditTrail, { query: { ...filters, ...(before ? { before } : {}) } });
}

/** A mutation, not a query: the admin asks for each list and each older page, and every ask reads the trail again. */
export function useReadAuditPage() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (request: AuditPageRequest) => readAuditPage(client, request) });
}
