import { callApi } from '@study/api-client';
import { routes, type SessionResponse } from '@study/contracts';

/** POST /api/session {code, state}: confirms who the participant is on this browser; answers their study ID. */
export function confirmWithCode(code: string, state: string): Promise<SessionResponse> {
  return callApi(routes.confirmSession, { body: { code, state } });
}
