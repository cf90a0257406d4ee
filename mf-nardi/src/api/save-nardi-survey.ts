import { callApi } from '@study/api-client';
import { routes, type SurveyInput, type UserView } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** The Nardi survey as POST /api/user/survey takes it. */
export type NardiSurveyInput = Extract<SurveyInput, { id: 'nardi' }>;

/** POST /api/user/survey {pgId, survey}: saves the whole Nardi survey state; answers the participant's view. */
export function saveNardiSurvey({ pgId, survey }: { pgId: string; survey: NardiSurveyInput }): Promise<UserView> {
  return callApi(routes.saveSurvey, { body: { pgId, survey } });
}

export function useSaveNardiSurvey() {
  return useMutation({ mutationFn: saveNardiSurvey });
}
