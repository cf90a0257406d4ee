/**
 * Deployment settings the gateway publishes in /config.js (loaded by the shell's index.html before
 * any app code) as `window.__STUDY_CONFIG__ = { ... }`. Every field is optional: a screen that needs
 * a missing value says so instead of guessing.
 */
export interface StudyConfig {
  /** Full Open Humans authorization URL (client id, response_type=code, redirect to /return). */
  openHumansAuthorizeUrl?: string;
  /** Address participants can write to with questions about the study. */
  contactEmail?: string;
}

declare global {
  interface Window {
    __STUDY_CONFIG__?: StudyConfig;
  }
}

export function readStudyConfig(): StudyConfig {
  return typeof window === 'undefined' ? {} : (window.__STUDY_CONFIG__ ?? {});
}
