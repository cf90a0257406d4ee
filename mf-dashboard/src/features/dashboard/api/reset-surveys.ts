import { callApi } from '@study/api-client';
import { routes, type UserView } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/reset {pgId}: every survey back to its first question (where the study turned resets on). */
export function resetSurveys({ pgId }: { pgId: string }): Promise<UserView> {
  return callApi(routes.resetSurveys, { body: { pgId } });
}

export function useResetSurveys() {
  return useMutation({ mutationFn: resetSurveys });
}
