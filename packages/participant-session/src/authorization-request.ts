import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { cookieValue } from './session-cookie';

/**
 * The Open Humans authorization this browser started (OAuth2 `state` and the PKCE verifier,
 * RFC 7636), held in a sealed cookie until /return spends it: the answer from Open Humans is
 * accepted only in the browser that asked for it, once, and the code it carries can only be
 * redeemed with this browser's verifier.
 */
export const AUTHORIZATION_REQUEST_COOKIE = 'study_authorization';
/** As long as the platform's authorization code lives (domain.md section 7). */
export const AUTHORIZATION_REQUEST_MAX_AGE_SECONDS = 30 * 60;
/** What the study's pages use as `state`: 128 random bits as 32 hex digits. */
export const AUTHORIZATION_STATE_PATTERN = /^[0-9a-f]{32}$/;

export interface AuthorizationRequest {
  state: string;
  /** The PKCE code_verifier: 43 characters of base64url (32 random bytes). */
  codeVerifier: string;
  expiresAt: Date;
}

interface Payload {
  v: 1;
  s: string;
  k: string;
  /** Seconds since the epoch. */
  e: number;
}

// Sealed, not only signed: the verifier must stay secret even where a cookie is seen (logs, proxies).
function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', AUTHORIZATION_REQUEST_COOKIE, 32));
}

/** The S256 code_challenge for a verifier: base64url of its SHA-256, without padding. */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** A new request for `state`, with a fresh verifier, and the Set-Cookie line that holds it. */
export function beginAuthorizationRequest(secret: string, state: string, options: { now: Date; secure: boolean }): { request: AuthorizationRequest; setCookie: string } {
  const codeVerifier = randomBytes(32).toString('base64url');
  const expires = Math.floor(options.now.getTime() / 1000) + AUTHORIZATION_REQUEST_MAX_AGE_SECONDS;
  const payload: Payload = { v: 1, s: state, k: codeVerifier, e: expires };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const value = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
  return {
    request: { state, codeVerifier, expiresAt: new Date(expires * 1000) },
    setCookie: cookieLine(value, AUTHORIZATION_REQUEST_MAX_AGE_SECONDS, options.secure),
  };
}

/** The Set-Cookie line that removes the request (it was spent, or refused). */
export function endedAuthorizationRequestCookie(options: { secure: boolean }): string {
  return cookieLine('', 0, options.secure);
}

function cookieLine(value: string, maxAgeSeconds: number, secure: boolean): string {
  // Only the API reads it; Strict: only the study's own pages send it.
  return `${AUTHORIZATION_REQUEST_COOKIE}=${value}; Path=/api/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The request a Cookie header carries; undefined when there is none, or it is forged, malformed or expired. */
export function readAuthorizationRequest(secret: string, cookieHeader: string | undefined, now: Date): AuthorizationRequest | undefined {
  const value = cookieValue(cookieHeader, AUTHORIZATION_REQUEST_COOKIE);
  if (!value) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [iv, sealed, tag] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== 12 || tag.length !== 16) return undefined;
  let payload: Partial<Payload>;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
    decipher.setAuthTag(tag);
    payload = JSON.parse(Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (payload.v !== 1 || typeof payload.s !== 'string' || typeof payload.k !== 'string' || !Number.isInteger(payload.e)) return undefined;
  const expiresAt = new Date((payload.e as number) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return undefined;
  return { state: payload.s, codeVerifier: payload.k, expiresAt };
}
