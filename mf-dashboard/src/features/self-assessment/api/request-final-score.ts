import { callApi } from '@study/api-client';
import { routes, type FinalScoreResponse } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/survey/final {pgId}: the final score, worked out from the stored surveys. */
export function requestFinalScore({ pgId }: { pgId: string }): Promise<FinalScoreResponse> {
  return callApi(routes.finalScore, { body: { pgId } });
}

export function useRequestFinalScore() {
  return useMutation({ mutationFn: requestFinalScore });
}
