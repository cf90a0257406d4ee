import { DEFAULT_STUDY_NAME } from '@study/contracts';

/**
 * Deployment settings the gateway publishes in /config.js (loaded by the shell's index.html before
 * any app code) as `window.__STUDY_CONFIG__ = { ... }`. The gateway always publishes the study's
 * name and contact address (it refuses to start without the address); the video is optional.
 * Settings that come from a service (the Open Humans authorize link, whether resets are on) are
 * read from GET /api/settings instead.
 */
export interface StudyConfig {
  /** STUDY_NAME: the one name of the study (header, tab titles, reports). */
  studyName: string;
  /** Address participants can write to with questions about the study. */
  contactEmail?: string;
  /** Embeddable URL of an outside how-it-works video (an https page that may be framed); replaces the site's own. */
  howItWorksVideoUrl?: string;
}

declare global {
  interface Window {
    __STUDY_CONFIG__?: Partial<StudyConfig>;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readStudyConfig(): StudyConfig {
  const raw: unknown = typeof window === 'undefined' ? undefined : window.__STUDY_CONFIG__;
  const { howItWorksVideoUrl, contactEmail, studyName } = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const config: StudyConfig = { studyName: text(studyName) ?? DEFAULT_STUDY_NAME };
  const video = text(howItWorksVideoUrl);
  if (video) config.howItWorksVideoUrl = video;
  const email = text(contactEmail);
  if (email) config.contactEmail = email;
  return config;
}

/** The tab title of a page: where the person is, then the study, e.g. 'Consent · Personality Genetics Study'. */
export function documentTitle(where: string | null, studyName = readStudyConfig().studyName): string {
  return where ? `${where} · ${studyName}` : studyName;
}
