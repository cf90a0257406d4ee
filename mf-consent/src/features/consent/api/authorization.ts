import { readStudyConfig, type StudyConfig } from '@study/ui';

export const NOT_CONFIGURED_MESSAGE = 'Authorization is not configured.';

export type AuthorizationStart = { started: true; url: string } | { started: false; error: string };

export interface AuthorizationDeps {
  config?: StudyConfig;
  openWindow?: (url: string) => void;
}

function openInNewTab(url: string): void {
  // noopener: the Open Humans page gets no handle on this one.
  window.open(url, '_blank', 'noopener');
}

/**
 * Opens the Open Humans authorization page (from the deployment's /config.js) in a new tab. Open
 * Humans then sends the participant back to /return with a code, which finishes the sign-up there.
 */
export function startAuthorization({ config = readStudyConfig(), openWindow = openInNewTab }: AuthorizationDeps = {}): AuthorizationStart {
  const url = config.openHumansAuthorizeUrl?.trim();
  if (!url) return { started: false, error: NOT_CONFIGURED_MESSAGE };
  openWindow(url);
  return { started: true, url };
}
