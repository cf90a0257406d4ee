import type { ParticipantsConfig } from './config';
import { OpenHumansClient } from './data-access/open-humans';

/** The one Open Humans adapter the service's parts use (and its bench-seed command), configured from the environment. */
export function openHumansClient(config: ParticipantsConfig): OpenHumansClient {
  return new OpenHumansClient({
    baseUrl: config.OH_BASE_URL,
    apiBaseUrl: config.OH_API_URL,
    clientId: config.OH_CLIENT_ID,
    clientSecret: config.OH_CLIENT_SECRET,
    redirectUri: config.OH_REDIRECT_URI,
    masterAccessToken: config.OH_MASTER_ACCESS_TOKEN,
  });
}
