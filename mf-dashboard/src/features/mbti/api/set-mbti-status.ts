import { callApi } from '@study/api-client';
import { routes, type UserView } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** The official MBTI assessment moves pending -> started -> completed; it has no questions here. */
export type MbtiStep = 'started' | 'completed';

/** POST /api/user/survey {pgId, survey: {id: 'mbti', status, index: 0, answers: []}}: answers the participant's view. */
export function setMbtiStatus({ pgId, status }: { pgId: string; status: MbtiStep }): Promise<UserView> {
  return callApi(routes.saveSurvey, { body: { pgId, survey: { id: 'mbti', status, index: 0, answers: [] } } });
}

export function useSetMbtiStatus() {
  return useMutation({ mutationFn: setMbtiStatus });
}
