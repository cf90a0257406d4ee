import { userViewSchema, type UpdateSurveysRequest, type UserView } from '@study/contracts';
import { requestJson } from '@study/ui';
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
    return requestJson('/api/user/survey/upd', { body, parse: (json) => userViewSchema.parse(json) });
  },
};
