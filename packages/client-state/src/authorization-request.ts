import type { KeyValueStorage } from './persistence';

/**
 * The OAuth2 `state` of the authorization this browser started. It is written to local storage
 * at once (not with the debounced client state): Open Humans opens /return in another tab,
 * possibly within the second, and that tab must find it to accept the answer.
 */
export const AUTHORIZATION_STATE_KEY = 'authorizationState';

const STATE_PATTERN = /^[0-9a-f]{32}$/;

export type RandomValues = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const cryptoRandom: RandomValues = (bytes) => crypto.getRandomValues(bytes);

/** 128 random bits as 32 hex digits. */
export function newAuthorizationState(random: RandomValues = cryptoRandom): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export class AuthorizationStorageError extends Error {
  override name = 'AuthorizationStorageError';
}

/**
 * Starts an authorization request: a fresh random state, stored for /return to check. It stays
 * until the next request replaces it, so a late or repeated answer is still matched to it (the
 * one-time code is what Open Humans refuses twice).
 */
export function beginAuthorizationRequest(storage: KeyValueStorage | null = defaultStorage(), random: RandomValues = cryptoRandom): string {
  const state = newAuthorizationState(random);
  try {
    if (!storage) throw new Error('local storage is not available');
    storage.setItem(AUTHORIZATION_STATE_KEY, state);
  } catch (error) {
    throw new AuthorizationStorageError(
      `This browser does not let the site remember the sign-in request (${error instanceof Error ? error.message : String(error)}). Allow site data for this site and try again.`,
    );
  }
  return state;
}

export type AuthorizationStateCheck = { ok: true; state: string } | { ok: false; reason: string };

export const MISSING_STATE_REASON =
  'The answer from Open Humans carries no security token, so it cannot be trusted. Please start again from the consent page.';
export const UNKNOWN_STATE_REASON =
  'The answer from Open Humans does not belong to a sign-in started in this browser. Please start again from the consent page in this browser.';

/** Checks the `state` on /return against the stored one: it must be there and equal. */
export function checkAuthorizationState(received: string | null, storage: KeyValueStorage | null = defaultStorage()): AuthorizationStateCheck {
  if (!received) return { ok: false, reason: MISSING_STATE_REASON };
  let expected: string | null = null;
  try {
    expected = storage?.getItem(AUTHORIZATION_STATE_KEY) ?? null;
  } catch {
    expected = null;
  }
  if (!expected || !STATE_PATTERN.test(expected) || expected !== received) return { ok: false, reason: UNKNOWN_STATE_REASON };
  return { ok: true, state: received };
}
