import { callApi, fetchSettings, fetchUser } from '@study/api-client';
import { routes, type Settings, type UserView } from '@study/contracts';
import { eventSourceResults, type ResultsSource } from '@study/client-state';

/** The calls the dashboard makes; tests put their own in place. */
export interface DashboardApi {
  /** POST /api/user {pgId} */
  fetchUser(pgId: string): Promise<UserView>;
  /** GET /api/settings */
  fetchSettings(): Promise<Settings>;
  /** POST /api/user/reset {pgId} */
  resetSurveys(pgId: string): Promise<UserView>;
  /** GET /api/user/events/{pgId}: the participant's results as they are stored (Server-Sent Events). */
  subscribeResults?: ResultsSource;
}

export const httpDashboardApi: DashboardApi = {
  fetchUser,
  fetchSettings,
  resetSurveys: (pgId) => callApi(routes.resetSurveys, { body: { pgId } }),
  subscribeResults: eventSourceResults,
};
