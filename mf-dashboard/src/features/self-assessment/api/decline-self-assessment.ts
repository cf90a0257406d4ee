import { callApi } from '@study/api-client';
import { routes, type UpdateSurveysRequest, type UserView } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';

/** 'No thank you': POST /api/user/survey/upd {pgId, update: {selfAssessment: {status: 'rejected'}}}; answers the participant's view. */
export function declineSelfAssessment({ pgId }: { pgId: string }): Promise<UserView> {
  const body: UpdateSurveysRequest = { pgId, update: { selfAssessment: { status: 'rejected' } } };
  return callApi(routes.updateSurveys, { body });
}

export function useDeclineSelfAssessment() {
  return useMutation({ mutationFn: declineSelfAssessment });
}
