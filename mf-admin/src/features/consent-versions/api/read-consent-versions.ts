import { routes, type ConsentVersionsOverview } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** GET /api/admin/consent-versions: every consent version with its latest consents, and how many must agree again (the master key in X-Master-Key). */
export function readConsentVersions({ masterKey }: { masterKey: string }): Promise<ConsentVersionsOverview> {
  return adminCall((url, init) => fetch(url, init), routes.consentVersions, masterKey, {});
}

/** A mutation, not a query: the admin asks for the versions, and each Refresh or publication counts them again. */
export function useReadConsentVersions() {
  return useMutation({ mutationFn: readConsentVersions });
}
