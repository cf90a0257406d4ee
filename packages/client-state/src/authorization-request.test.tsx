import {
  AUTHORIZATION_STATE_KEY,
  AuthorizationStorageError,
  beginAuthorizationRequest,
  checkAuthorizationState,
  MISSING_STATE_REASON,
  newAuthorizationState,
  UNKNOWN_STATE_REASON,
} from './authorization-request';

beforeEach(() => localStorage.clear());

describe('authorization request state', () => {
  it('is 128 random bits from crypto.getRandomValues, as hex', () => {
    const a = newAuthorizationState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newAuthorizationState()).not.toBe(a);
    expect(newAuthorizationState((bytes) => bytes.fill(171))).toBe('ab'.repeat(16));
  });

  it('is stored at once, for the /return tab to check', () => {
    const state = beginAuthorizationRequest(localStorage);
    expect(localStorage.getItem(AUTHORIZATION_STATE_KEY)).toBe(state);
  });

  it.each([
    ['the stored state', (stored: string) => stored, { ok: true }],
    ['no state', () => null, { ok: false, reason: MISSING_STATE_REASON }],
    ['an empty state', () => '', { ok: false, reason: MISSING_STATE_REASON }],
    ['another state', () => 'b'.repeat(32), { ok: false, reason: UNKNOWN_STATE_REASON }],
    ['the stored state in upper case', (stored: string) => stored.toUpperCase(), { ok: false, reason: UNKNOWN_STATE_REASON }],
  ])('checking %s', (_what, received, expected) => {
    const stored = beginAuthorizationRequest(localStorage, (bytes) => bytes.fill(10));
    expect(checkAuthorizationState(received(stored), localStorage)).toMatchObject(expected);
  });

  it('refuses any state when none was stored in this browser', () => {
    expect(checkAuthorizationState('a'.repeat(32), localStorage)).toEqual({ ok: false, reason: UNKNOWN_STATE_REASON });
  });

  it('a new request replaces the old one', () => {
    const first = beginAuthorizationRequest(localStorage);
    const second = beginAuthorizationRequest(localStorage);
    expect(checkAuthorizationState(first, localStorage).ok).toBe(false);
    expect(checkAuthorizationState(second, localStorage).ok).toBe(true);
  });

  it('says so when the browser will not store it', () => {
    const blocked = { getItem: () => null, removeItem: () => undefined, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => beginAuthorizationRequest(blocked)).toThrow(AuthorizationStorageError);
  });
});
