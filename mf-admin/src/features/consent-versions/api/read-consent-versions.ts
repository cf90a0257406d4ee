import { routes, type ConsentVersionsOverview } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { READ_ON_ARRIVAL } from '../../../api/read-on-demand';
import { useAdminClient } from '../../../session/staff-session';

/** GET /api/admin/consent-versions: every consent version with its latest consents, and how many must agree again. */
export function readConsentVersions(client: AdminClient): Promise<ConsentVersionsOverview> {
  return client.call(routes.consentVersions, {});
}

/** The versions: read when the page opens, then on each Refresh or publication (refetch), counted again each time. */
export function useConsentVersionsQuery() {
  const client = useAdminClient();
  return useQuery({ queryKey: ['consent-versions'], queryFn: () => readConsentVersions(client), ...READ_ON_ARRIVAL });
}
