import { createHash } from 'node:crypto';
import {
  AUTHORIZATION_REQUEST_MAX_AGE_SECONDS,
  beginAuthorizationRequest,
  codeChallengeOf,
  endedAuthorizationRequestCookie,
  readAuthorizationRequest,
} from './authorization-request';

const secret = 'a'.repeat(40);
const state = '0123456789abcdef0123456789abcdef';
const now = new Date('2026-11-26T10:00:00Z');

/** The Cookie header a browser sends back for a Set-Cookie line. */
const cookieFor = (setCookie: string) => setCookie.split(';')[0] as string;

describe('the authorization request cookie', () => {
  it('reads back the state and the verifier it was made with, until it expires', () => {
    const { request, setCookie } = beginAuthorizationRequest(secret, state, { now, secure: false });
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const later = new Date(now.getTime() + AUTHORIZATION_REQUEST_MAX_AGE_SECONDS * 1000 - 1000);
    expect(readAuthorizationRequest(secret, `x=1; ${cookieFor(setCookie)}`, later)).toEqual(request);
    expect(readAuthorizationRequest(secret, cookieFor(setCookie), request.expiresAt)).toBeUndefined();
  });

  it('keeps the verifier out of sight: the cookie holds neither it nor the state in clear', () => {
    const { request, setCookie } = beginAuthorizationRequest(secret, state, { now, secure: false });
    const value = cookieFor(setCookie).split('=')[1] as string;
    const decoded = value.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')).join('');
    expect(decoded).not.toContain(request.codeVerifier);
    expect(decoded).not.toContain(state);
  });

  it('gives each request its own verifier', () => {
    const first = beginAuthorizationRequest(secret, state, { now, secure: false }).request.codeVerifier;
    expect(beginAuthorizationRequest(secret, state, { now, secure: false }).request.codeVerifier).not.toBe(first);
  });

  it('refuses a cookie sealed under another secret, changed, cut short or absent', () => {
    const header = cookieFor(beginAuthorizationRequest(secret, state, { now, secure: false }).setCookie);
    expect(readAuthorizationRequest('b'.repeat(40), header, now)).toBeUndefined();
    const [name, value] = header.split('=') as [string, string];
    const [iv, sealed, tag] = value.split('.') as [string, string, string];
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(readAuthorizationRequest(secret, `${name}=${iv}.${flipped.toString('base64url')}.${tag}`, now)).toBeUndefined();
    expect(readAuthorizationRequest(secret, `${name}=${iv}.${sealed}`, now)).toBeUndefined();
    expect(readAuthorizationRequest(secret, `${name}=`, now)).toBeUndefined();
    expect(readAuthorizationRequest(secret, undefined, now)).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Strict, sent to the API only, Secure when asked, and can be removed', () => {
    expect(beginAuthorizationRequest(secret, state, { now, secure: false }).setCookie).toMatch(/; Path=\/api\/; Max-Age=1800; HttpOnly; SameSite=Strict$/);
    expect(beginAuthorizationRequest(secret, state, { now, secure: true }).setCookie).toMatch(/; SameSite=Strict; Secure$/);
    expect(endedAuthorizationRequestCookie({ secure: false })).toBe('study_authorization=; Path=/api/; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('derives the S256 challenge as RFC 7636 appendix B does', () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(codeChallengeOf('x')).toBe(createHash('sha256').update('x').digest('base64url'));
  });
});
