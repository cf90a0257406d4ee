import type { UserView } from '@study/contracts';
import { httpSessionApi, type SessionApi } from '../../../api/session-api';

/**
 * Where 'I am Ready' sends the participant: the official MBTI assessment's online provider.
 * The study's settings do not name one, so this is the provider the study uses.
 */
export const MBTI_PROVIDER_URL = 'https://www.mbtionline.com/';

/** The official MBTI assessment moves pending -> started -> completed; it has no questions here. */
export type MbtiStep = 'started' | 'completed';

/** The calls of /mbti; tests put their own in place. */
export interface MbtiApi extends SessionApi {
  /** POST /api/user/survey {pgId, survey: {id: 'mbti', status, index: 0, answers: []}}. */
  setMbtiStatus(pgId: string, status: MbtiStep): Promise<UserView>;
}

export function mbtiApiFrom(session: SessionApi): MbtiApi {
  return { ...session, setMbtiStatus: (pgId, status) => session.saveSurvey(pgId, { id: 'mbti', status, index: 0, answers: [] }) };
}

export const httpMbtiApi: MbtiApi = mbtiApiFrom(httpSessionApi);
