import { callApi } from '@study/api-client';
import { routes, type TypeFinderClaimResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/**
 * 'Submit Results': POST /api/user/tfresult {pgId}. The server finds the result the provider
 * sent for the study email and completes the survey with its type; without one it answers 404
 * with the message to show.
 */
export function claimTypeFinderResult({ pgId }: { pgId: string }): Promise<TypeFinderClaimResponse> {
  return callApi(routes.claimTypeFinderResult, { body: { pgId } });
}

export function useClaimTypeFinderResult() {
  return useMutation({ mutationFn: claimTypeFinderResult });
}
