import { beginAuthorizationRequest, type KeyValueStorage } from '@study/client-state';

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

/** Starts a confirmation: answers the authorize URL to open, with a fresh state kept for /return. */
export function beginConfirmation(authorizeUrl: string, returnTo: string, storage: KeyValueStorage | null = defaultStorage()): string {
  const state = beginAuthorizationRequest(storage ?? undefined);
  storage?.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify({ state, returnTo }));
  const url = new URL(authorizeUrl);
  url.searchParams.set('state', state);
  return url.href;
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
