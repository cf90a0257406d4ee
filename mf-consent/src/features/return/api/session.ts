import { consentResponseSchema, type SessionResponse } from '@study/contracts';
import { requestJson } from '@study/ui';

/** POST /api/session {code, state}: confirms who the participant is on this browser; answers their study ID. */
export function confirmWithCode(code: string, state: string): Promise<SessionResponse> {
  // The same answer as POST /api/consent's, whose schema the shared contracts of every shell hold.
  return requestJson('/api/session', { body: { code, state }, parse: (json) => consentResponseSchema.parse(json) });
}
