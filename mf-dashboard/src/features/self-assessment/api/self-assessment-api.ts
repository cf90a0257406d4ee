import { callApi } from '@study/api-client';
import { routes, type UpdateSurveysRequest, type UserView } from '@study/contracts';
import { httpSessionApi, type SessionApi } from '../../../api/session-api';

/** The calls of the self-assessment screens; tests put their own in place. */
export interface SelfAssessmentApi extends SessionApi {
  /** 'No thank you': POST /api/user/survey/upd {pgId, update: {selfAssessment: {status: 'rejected'}}}. */
  declineSelfAssessment(pgId: string): Promise<UserView>;
}

export const httpSelfAssessmentApi: SelfAssessmentApi = {
  ...httpSessionApi,
  declineSelfAssessment: (pgId) => {
    const body: UpdateSurveysRequest = { pgId, update: { selfAssessment: { status: 'rejected' } } };
    return callApi(routes.updateSurveys, { body });
  },
};
