/**
 * Deployment settings the gateway publishes in /config.js (loaded by the shell's index.html before
 * any app code) as `window.__STUDY_CONFIG__ = { ... }`. Every field is optional: a screen that needs
 * a missing value says so instead of guessing. Settings that come from a service (the Open Humans
 * authorize link, whether resets are on) are read from GET /api/settings instead.
 */
export interface StudyConfig {
  /** Embeddable URL of the how-it-works video (an https page that may be framed). */
  howItWorksVideoUrl?: string;
  /** Address participants can write to with questions about the study. */
  contactEmail?: string;
}

declare global {
  interface Window {
    __STUDY_CONFIG__?: StudyConfig;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readStudyConfig(): StudyConfig {
  const raw: unknown = typeof window === 'undefined' ? undefined : window.__STUDY_CONFIG__;
  if (typeof raw !== 'object' || raw === null) return {};
  const { howItWorksVideoUrl, contactEmail } = raw as Record<string, unknown>;
  const config: StudyConfig = {};
  const video = text(howItWorksVideoUrl);
  if (video) config.howItWorksVideoUrl = video;
  const email = text(contactEmail);
  if (email) config.contactEmail = email;
  return config;
}
