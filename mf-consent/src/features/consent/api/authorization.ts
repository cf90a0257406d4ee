import { beginAuthorizationRequest } from '@study/client-state';
import { authorizationStartUrl } from '@study/open-humans-confirmation';

export interface AuthorizationWindow {
  /** Stores a fresh random state for /return to check; answers it. */
  beginRequest: () => string;
  /** Opens the authorization in a new tab. */
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
 * Starts the Open Humans authorization: a new request state, then in a new tab the study's
 * GET /api/authorization, which redirects to the authorize page (domain.md section 7). Open
 * Humans then sends the participant to /return?code=...&state=... in that tab.
 */
export function openAuthorization(browser: AuthorizationWindow = browserAuthorizationWindow): { url: string; state: string } {
  const state = browser.beginRequest();
  const url = authorizationStartUrl(state);
  browser.open(url);
  return { url, state };
}
