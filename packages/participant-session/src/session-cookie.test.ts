import { endedSessionCookie, isRecentlyConfirmed, PARTICIPANT_SESSION_MAX_AGE_SECONDS, readSession, sessionCookie } from './session-cookie';

const secret = 'a'.repeat(40);
const pgId = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const now = new Date('2026-11-26T10:00:00Z');

/** The Cookie header a browser sends back for a Set-Cookie line. */
const cookieFor = (setCookie: string) => setCookie.split(';')[0] as string;

describe('the participant session cookie', () => {
  it('reads back the study ID and the confirmation time it was made with', () => {
    const header = cookieFor(sessionCookie(secret, { pgId: pgId.toUpperCase(), confirmedAt: now }, { secure: false }));
    const session = readSession(secret, `other=1; ${header}; more=2`, now);
    expect(session).toEqual({ pgId, confirmedAt: now, expiresAt: new Date(now.getTime() + PARTICIPANT_SESSION_MAX_AGE_SECONDS * 1000) });
  });

  it('is HttpOnly and SameSite=Strict, and Secure only when asked', () => {
    expect(sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false })).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    expect(sessionCookie(secret, { pgId, confirmedAt: now }, { secure: true })).toMatch(/; SameSite=Strict; Secure$/);
    expect(endedSessionCookie({ secure: false })).toBe('study_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('refuses a cookie signed with another secret, or changed after signing', () => {
    const header = cookieFor(sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false }));
    expect(readSession('b'.repeat(40), header, now)).toBeUndefined();
    const [name, value] = header.split('=') as [string, string];
    const [body, signature] = value.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), pgId: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    expect(readSession(secret, `${name}=${otherBody}.${signature}`, now)).toBeUndefined();
    expect(readSession(secret, `${name}=${body}`, now)).toBeUndefined();
    expect(readSession(secret, `${name}=${value}.x`, now)).toBeUndefined();
    expect(readSession(secret, undefined, now)).toBeUndefined();
    expect(readSession(secret, 'study_session=', now)).toBeUndefined();
  });

  it('expires after its lifetime', () => {
    const header = cookieFor(sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false }));
    const justBefore = new Date(now.getTime() + PARTICIPANT_SESSION_MAX_AGE_SECONDS * 1000 - 1000);
    expect(readSession(secret, header, justBefore)?.pgId).toBe(pgId);
    expect(readSession(secret, header, new Date(now.getTime() + PARTICIPANT_SESSION_MAX_AGE_SECONDS * 1000))).toBeUndefined();
  });

  it('counts a confirmation as recent for 10 minutes', () => {
    const session = { pgId, confirmedAt: now, expiresAt: now };
    expect(isRecentlyConfirmed(session, new Date(now.getTime() + 10 * 60_000))).toBe(true);
    expect(isRecentlyConfirmed(session, new Date(now.getTime() + 11 * 60_000))).toBe(false);
  });
});
