import { callApi } from '@study/api-client';
import { routes, type ConsentRenewResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/consent/renew {pgId, versionId, adult: true}: records the participant's agreement to the version they read. */
export function renewConsent({ pgId, versionId }: { pgId: string; versionId: string }): Promise<ConsentRenewResponse> {
  return callApi(routes.renewConsent, { body: { pgId, versionId, adult: true } });
}

export function useRenewConsent() {
  return useMutation({ mutationFn: renewConsent });
}
