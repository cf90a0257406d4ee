import { callApi } from '@study/api-client';
import { routes, type SessionResponse } from '@study/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';

export interface SessionConfirmation {
  code: string;
  state: string;
}

/** POST /api/session {code, state}: confirms who the participant is on this browser; answers their study ID. */
export function confirmSession({ code, state }: SessionConfirmation): Promise<SessionResponse> {
  return callApi(routes.confirmSession, { body: { code, state } });
}

/**
 * The confirmation with `request`'s code (none while null): like the consent's exchange, a query
 * keyed by the code, so the code is spent once however often it is asked for.
 */
export function useConfirmSession(request: SessionConfirmation | null) {
  return useQuery({
    queryKey: ['session', request?.code ?? null],
    queryFn: request ? () => confirmSession(request) : skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
