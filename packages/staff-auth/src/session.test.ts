import { routes } from '@study/contracts';
import {
  checkCsrfToken,
  createSessionToken,
  csrfRequired,
  csrfTokenFor,
  endedStaffSessionCookie,
  sessionIdOf,
  sessionState,
  STAFF_COOKIE_PATH,
  STAFF_SESSION_ABSOLUTE_TIMEOUT_MS,
  STAFF_SESSION_IDLE_TIMEOUT_MS,
  staffSessionCookie,
} from './session';

const minutes = (n: number) => n * 60_000;
const signIn = new Date('2026-11-27T08:00:00Z');
const after = (ms: number) => new Date(signIn.getTime() + ms);

describe('session tokens', () => {
  it('are 32 random bytes, stored as their SHA-256', () => {
    const a = createSessionToken();
    const b = createSessionToken();
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.id).not.toBe(a.token);
    expect(a.id).toBe(sessionIdOf(a.token));
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers no id for a cookie value that is not a token', () => {
    expect(sessionIdOf(undefined)).toBeUndefined();
    expect(sessionIdOf('')).toBeUndefined();
    expect(sessionIdOf('x'.repeat(42))).toBeUndefined();
    expect(sessionIdOf(`${'x'.repeat(42)}=`)).toBeUndefined();
  });
});

describe('sessionState', () => {
  it('keeps a session in use alive until 30 minutes after its last call', () => {
    const session = { createdAt: signIn, lastSeenAt: after(minutes(20)) };
    expect(sessionState(session, after(minutes(49)))).toEqual({ state: 'active', expiresAt: after(minutes(50)) });
    expect(sessionState(session, after(minutes(50)))).toEqual({ state: 'expired', reason: 'idle' });
    expect(STAFF_SESSION_IDLE_TIMEOUT_MS).toBe(minutes(30));
  });

  it('ends a session 12 hours after sign-in, however busy', () => {
    const busy = { createdAt: signIn, lastSeenAt: after(minutes(12 * 60 - 1)) };
    expect(sessionState(busy, after(minutes(12 * 60 - 1)))).toEqual({ state: 'active', expiresAt: after(minutes(12 * 60)) });
    expect(sessionState(busy, after(minutes(12 * 60)))).toEqual({ state: 'expired', reason: 'absolute' });
    expect(STAFF_SESSION_ABSOLUTE_TIMEOUT_MS).toBe(minutes(12 * 60));
  });

  it('takes other limits', () => {
    expect(sessionState({ createdAt: signIn, lastSeenAt: signIn }, after(minutes(6)), { idleMs: minutes(5), absoluteMs: minutes(60) })).toEqual({ state: 'expired', reason: 'idle' });
  });

  it('refuses a session stamped in the future beyond clock skew, or seen before it was made', () => {
    expect(sessionState({ createdAt: after(minutes(5)), lastSeenAt: after(minutes(5)) }, signIn)).toEqual({ state: 'expired', reason: 'future' });
    expect(sessionState({ createdAt: signIn, lastSeenAt: after(-1) }, after(1))).toEqual({ state: 'expired', reason: 'future' });
    // Another instance's clock a few seconds ahead is no reason to sign anyone out.
    expect(sessionState({ createdAt: signIn, lastSeenAt: after(5_000) }, signIn).state).toBe('active');
  });
});

describe('CSRF tokens', () => {
  it("accept the session's own token only", () => {
    const { token } = createSessionToken();
    const other = createSessionToken().token;
    const csrf = csrfTokenFor(token);
    expect(csrf).not.toBe(token);
    expect(csrfTokenFor(token)).toBe(csrf);
    expect(checkCsrfToken(token, csrf)).toBe(true);
    expect(checkCsrfToken(other, csrf)).toBe(false);
    expect(checkCsrfToken(token, undefined)).toBe(false);
    expect(checkCsrfToken(token, '')).toBe(false);
    expect(checkCsrfToken(token, `${csrf}x`)).toBe(false);
    expect(checkCsrfToken(token, token)).toBe(false);
  });

  it('are needed for every call that may change something', () => {
    expect(csrfRequired('POST')).toBe(true);
    expect(csrfRequired('delete')).toBe(true);
    expect(csrfRequired('GET')).toBe(false);
    expect(csrfRequired('HEAD')).toBe(false);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, and lasts no longer than the absolute timeout', () => {
    const { token } = createSessionToken();
    expect(staffSessionCookie(token, { secure: true })).toBe(`staff_session=${token}; Path=${STAFF_COOKIE_PATH}; Max-Age=43200; HttpOnly; SameSite=Strict; Secure`);
    expect(staffSessionCookie(token, { secure: false })).not.toContain('Secure');
    expect(endedStaffSessionCookie({ secure: true })).toBe(`staff_session=; Path=${STAFF_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict; Secure`);
    expect(() => staffSessionCookie('not a token', { secure: true })).toThrow();
  });

  it('goes with every study-team route and no wider than their common path', () => {
    const adminPaths = Object.values(routes).filter((route) => route.access.kind === 'study-team').map((route) => route.path);
    for (const path of adminPaths) expect(`${path}/`.startsWith(`${STAFF_COOKIE_PATH}/`)).toBe(true);
    // Today four of them keep the spec's paths outside /api/admin, so the cookie path is /api.
    expect(STAFF_COOKIE_PATH).toBe(adminPaths.every((path) => path.startsWith('/api/admin/')) ? '/api/admin' : '/api');
  });
});
