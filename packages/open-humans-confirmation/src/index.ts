import { beginAuthorizationRequest, type KeyValueStorage } from '@study/client-state';
import { routes } from '@study/contracts';

/**
 * A participant confirming who they are with Open Humans (architecture.md, 'Who may call what'):
 * on a browser without their session, or before withdrawing, renewing consent or resetting. The
 * same authorization round trip as consenting, in this tab; /return then asks for a session
 * (POST /api/session) instead of recording a consent, and comes back to `returnTo`.
 */
export const CONFIRMATION_STORAGE_KEY = 'study.confirmation';

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Where a page sends the browser to start an Open Humans authorization with `state`: the study's
 * GET /api/authorization, which keeps the state and a PKCE verifier in this browser's cookie and
 * redirects to the platform's authorize page.
 */
export function authorizationStartUrl(state: string): string {
  return `${routes.startAuthorization.path}?state=${encodeURIComponent(state)}`;
}

/** Starts a confirmation: answers the address to open, with a fresh state kept for /return. */
export function beginConfirmation(returnTo: string, storage: KeyValueStorage | null = defaultStorage()): string {
  const state = beginAuthorizationRequest(storage ?? undefined);
  storage?.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify({ state, returnTo }));
  return authorizationStartUrl(state);
}

/** The confirmation started for this `state`, if that request was one (else it was a consent). */
export function recallConfirmation(state: string, storage: KeyValueStorage | null = defaultStorage()): { returnTo: string } | undefined {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(CONFIRMATION_STORAGE_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { state: kept, returnTo } = raw as Record<string, unknown>;
    if (kept !== state || typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return undefined;
    return { returnTo };
  } catch {
    return undefined;
  }
}
