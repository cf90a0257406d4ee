import { beginAuthorizationRequest } from '@study/client-state';

/** The platform's authorize link with this request's `state` added (domain.md section 7). */
export function authorizationUrl(authorizeUrl: string, state: string): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set('state', state);
  return url.href;
}

export interface AuthorizationWindow {
  /** Stores a fresh random state for /return to check; answers it. */
  beginRequest: () => string;
  /** Opens the authorize page in a new tab. */
  open: (url: string) => void;
}

export const browserAuthorizationWindow: AuthorizationWindow = {
  beginRequest: () => beginAuthorizationRequest(),
  open(url) {
    // noopener: the Open Humans page gets no handle on this tab.
    window.open(url, '_blank', 'noopener');
  },
};

/**
 * Starts the Open Humans authorization: a new request state, the authorize page in a new tab.
 * Open Humans then sends the participant to /return?code=...&state=... in that tab.
 */
export function openAuthorization(authorizeUrl: string, browser: AuthorizationWindow = browserAuthorizationWindow): { url: string; state: string } {
  const state = browser.beginRequest();
  const url = authorizationUrl(authorizeUrl, state);
  browser.open(url);
  return { url, state };
}
