import { routes, type AuditFilters, type AuditPage } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** GET /api/admin/audit: one page of the audit trail, newest first; `before` is the previous page's nextBefore (the master key in X-Master-Key). */
export function readAuditPage({ masterKey, filters, before }: { masterKey: string; filters: AuditFilters; before?: string }): Promise<AuditPage> {
  return adminCall(routes.auditTrail, masterKey, { query: { ...filters, ...(before ? { before } : {}) } });
}

/** A mutation, not a query: the admin asks for each list and each older page, and every ask reads the trail again. */
export function useReadAuditPage() {
  return useMutation({ mutationFn: readAuditPage });
}
