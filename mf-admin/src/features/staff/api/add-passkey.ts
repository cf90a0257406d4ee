import { routes, type PasskeyRegistrationResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { passkeyRegistration } from '../../../session/passkeys';
import { useAdminClient } from '../../../session/staff-session';

/** A passkey for the signed-in person: the server's challenge, the browser's ceremony, then the new credential with its label. */
export async function addPasskey(client: AdminClient, label: string, register = passkeyRegistration): Promise<PasskeyRegistrationResponse> {
  const { options } = await client.call(routes.passkeyRegistrationOptions, { body: {} });
  const credential = await register(options);
  return client.call(routes.registerPasskey, { body: { credential, label } });
}

export function useAddPasskey() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (label: string) => addPasskey(client, label) });
}
