import { callApi, fetchSettings, fetchUser } from '@study/api-client';
import { routes, type FinalScoreResponse, type Settings, type SurveyInput, type UserView } from '@study/contracts';
import { eventSourceResults, type ResultsSource } from '@study/client-state';

/** The calls every assessment screen makes; tests put their own in place. */
export interface SessionApi {
  /** POST /api/user {pgId} */
  fetchUser(pgId: string): Promise<UserView>;
  /** GET /api/settings */
  fetchSettings(): Promise<Settings>;
  /** POST /api/user/survey {pgId, survey}: one survey's whole state; answers the participant's view. */
  saveSurvey(pgId: string, survey: SurveyInput): Promise<UserView>;
  /** POST /api/user/survey/final {pgId}: the final score, worked out from the stored surveys. */
  requestFinalScore(pgId: string): Promise<FinalScoreResponse>;
  /** GET /api/user/events/{pgId}: the participant's results as they are stored (Server-Sent Events). */
  subscribeResults?: ResultsSource;
}

export const httpSessionApi: SessionApi = {
  fetchUser,
  fetchSettings,
  saveSurvey: (pgId, survey) => callApi(routes.saveSurvey, { body: { pgId, survey } }),
  requestFinalScore: (pgId) => callApi(routes.finalScore, { body: { pgId } }),
  subscribeResults: eventSourceResults,
};
