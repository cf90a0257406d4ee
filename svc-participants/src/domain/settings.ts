import type { Settings } from '@study/contracts';
import type { OpenHumansClient } from '../data-access/open-humans';

/** GET /api/settings: the authorize link, whether resets are on, the study email host and the TypeFinder widget. */
export function studySettings(
  openHumans: OpenHumansClient,
  options: { resetSurveysEnabled: boolean; studyEmailHost: string; typeFinderWidgetUrl: string },
): Settings {
  return {
    openHumansAuthorizeUrl: openHumans.authorizeUrl(),
    resetSurveysEnabled: options.resetSurveysEnabled,
    studyEmailHost: options.studyEmailHost,
    typeFinderWidgetUrl: options.typeFinderWidgetUrl,
  };
}
