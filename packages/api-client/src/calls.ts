import { routes, type Settings, type UserView } from '@study/contracts';
import { callApi } from './call-api';

/** POST /api/user {pgId}: the participant's view. */
export function fetchUser(pgId: string): Promise<UserView> {
  return callApi(routes.user, { body: { pgId } });
}

/** GET /api/settings: the deployment's settings (the study email host, the TypeFinder widget, the reset flag). */
export function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return callApi(routes.settings, {}, { signal });
}
