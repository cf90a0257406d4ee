import { settingsSchema, userViewSchema, type Settings, type UserView } from '@study/contracts';
import { requestJson } from '@study/ui';

/** POST /api/user {pgId}: the participant's view. */
export function fetchUser(pgId: string): Promise<UserView> {
  return requestJson('/api/user', { body: { pgId }, parse: (json) => userViewSchema.parse(json) });
}

/** GET /api/settings: the deployment's settings (the study email host, the TypeFinder widget, the reset flag). */
export function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return requestJson('/api/settings', { parse: (json) => settingsSchema.parse(json), signal });
}
