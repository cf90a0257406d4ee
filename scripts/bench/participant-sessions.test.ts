import { readSession } from '@study/participant-session';
import { keepSessions, sessionCookieOf, signedSessionCookies } from './participant-sessions';

const SECRET = 'a-session-secret-of-at-least-32-chars!';
const FIRST = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const SECOND = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c7';
const PG_IDS = [FIRST, SECOND];

describe('signedSessionCookies', () => {
  it("signs a session per participant that the study reads back as theirs, as a Cookie header's part", () => {
    const confirmedAt = new Date('2026-01-02T03:04:05Z');
    const cookies = signedSessionCookies({ secret: SECRET, pgIds: PG_IDS, confirmedAt });
    expect(cookies).toHaveLength(2);
    cookies.forEach((cookie, i) => {
      expect(cookie).toMatch(/^study_session=[^;]+$/);
      expect(readSession(SECRET, cookie, confirmedAt)).toMatchObject({ pgId: PG_IDS[i] });
    });
    expect(readSession('another-session-secret-of-32-chars!!', cookies[0], confirmedAt)).toBeUndefined();
  });
});

describe('keepSessions', () => {
  it("holds each participant's cookie for their calls", () => {
    keepSessions(PG_IDS, ['study_session=one', 'study_session=two']);
    expect(sessionCookieOf(SECOND)).toBe('study_session=two');
    expect(sessionCookieOf(FIRST.toUpperCase())).toBe('study_session=one');
    expect(sessionCookieOf('someone-else')).toBeUndefined();
  });

  it('refuses fewer cookies than participants', () => {
    expect(() => keepSessions(['a', 'b'], ['study_session=one'])).toThrow('no session cookie for participant 1 (2 participants, 1 cookies)');
  });
});
