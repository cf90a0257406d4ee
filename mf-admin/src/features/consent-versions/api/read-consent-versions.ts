import { routes, type ConsentVersionsOverview } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';
import { readOnDemand } from '../../../api/read-on-demand';

/** GET /api/admin/consent-versions: every consent version with its latest consents, and how many must agree again (the master key in X-Master-Key). */
export function readConsentVersions({ masterKey }: { masterKey: string }): Promise<ConsentVersionsOverview> {
  return adminCall(routes.consentVersions, masterKey, {});
}

/** The versions: read on arrival with a kept key, then on each Show, Refresh or publication (refetch), counted again each time. */
export function useConsentVersionsQuery(masterKey: string, readAtOnce: boolean) {
  return useQuery({ queryKey: ['consent-versions'], queryFn: () => readConsentVersions({ masterKey }), ...readOnDemand(readAtOnce) });
}
