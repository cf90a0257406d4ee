import { routes, type PublishConsentResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/admin/consent-versions {text}: publishes the text as a new version, unless it is the current one (the master key in X-Master-Key). */
export function publishConsentVersion({ masterKey, text }: { masterKey: string; text: string }): Promise<PublishConsentResponse> {
  return adminCall(routes.publishConsentVersion, masterKey, { body: { text } });
}

export function usePublishConsentVersion() {
  return useMutation({ mutationFn: publishConsentVersion });
}
