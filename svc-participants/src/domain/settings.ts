import type { Settings } from '@study/contracts';
import type { OpenHumansClient } from '../data-access/open-humans';

/** GET /api/settings: the authorize link, whether resets are on, and the study email host. */
export function studySettings(openHumans: OpenHumansClient, options: { resetSurveysEnabled: boolean; studyEmailHost: string }): Settings {
  return {
    openHumansAuthorizeUrl: openHumans.authorizeUrl(),
    resetSurveysEnabled: options.resetSurveysEnabled,
    studyEmailHost: options.studyEmailHost,
  };
}
