import { routes, type PublishConsentResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/consent-versions {text}: publishes the text as a new version, unless it is the current one. */
export function publishConsentVersion(client: AdminClient, { text }: { text: string }): Promise<PublishConsentResponse> {
  return client.call(routes.publishConsentVersion, { body: { text } });
}

export function usePublishConsentVersion() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (request: { text: string }) => publishConsentVersion(client, request) });
}
