import { callApi } from '@study/api-client';
import { routes, type SurveyInput, type UserView } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/user/survey {pgId, survey}: the self-assessment's whole state (a step's progress, or completed); answers the participant's view. */
export function saveSelfAssessment({ pgId, survey }: { pgId: string; survey: SurveyInput }): Promise<UserView> {
  return callApi(routes.saveSurvey, { body: { pgId, survey } });
}

export function useSaveSelfAssessment() {
  return useMutation({ mutationFn: saveSelfAssessment });
}
