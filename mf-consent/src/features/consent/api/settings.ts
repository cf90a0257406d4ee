import { settingsSchema, type Settings } from '@study/contracts';
import { requestJson } from '@study/ui';

/** GET /api/settings: where 'Agree & Authorize Project' sends the participant. */
export function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return requestJson('/api/settings', { parse: (json) => settingsSchema.parse(json), signal });
}
