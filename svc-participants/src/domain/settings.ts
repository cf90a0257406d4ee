import type { Settings } from '@study/contracts';

/** GET /api/settings: whether resets are on, the study email host and the TypeFinder widget. */
export function studySettings(options: { resetSurveysEnabled: boolean; studyEmailHost: string; typeFinderWidgetUrl: string }): Settings {
  return {
    resetSurveysEnabled: options.resetSurveysEnabled,
    studyEmailHost: options.studyEmailHost,
    typeFinderWidgetUrl: options.typeFinderWidgetUrl,
  };
}
