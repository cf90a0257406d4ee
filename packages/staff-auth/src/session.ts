import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { routes } from '@study/contracts';

/** A staff session ends after this long without a call... */
export const STAFF_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
/** ...and this long after sign-in, however busy: a working day, then sign in again. */
export const STAFF_SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;

export const STAFF_SESSION_COOKIE = 'staff_session';
/** The header the admin pages send the CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in base64url

/** A new session: `token` goes to the browser in the cookie only; `id`, its SHA-256, is what the server stores. */
export function createSessionToken(): { token: string; id: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, id: sessionIdOf(token) };
}

/**
 * The stored id of a session token, or undefined when the cookie's value is not a token. Stored
 * hashed so that whoever reads the session store (a backup, a Redis dump) cannot use the sessions.
 */
export function sessionIdOf(token: string): string;
export function sessionIdOf(token: string | undefined): string | undefined;
export function sessionIdOf(token: string | undefined): string | undefined {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * What the server keeps per session, under its id. No role: the caller reads the account's current
 * role on each call, so a changed role applies at once and a removed account ends the session.
 */
export interface StaffSession {
  id: string;
  staffId: string;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

const DEFAULT_LIMITS: SessionLimits = { idleMs: STAFF_SESSION_IDLE_TIMEOUT_MS, absoluteMs: STAFF_SESSION_ABSOLUTE_TIMEOUT_MS };

export type SessionState =
  /** Serve the call, then record `now` as lastSeenAt; the session lasts until `expiresAt` unless used again. */
  | { state: 'active'; expiresAt: Date }
  /** Answer 401 and delete the session. */
  | { state: 'expired'; reason: 'idle' | 'absolute' | 'future' };

/** Instances' clocks differ a little: a session stamped by one a moment ahead of another's is still good. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Whether a session may still serve a call at `now`. The absolute limit wins over activity; a
 * session stamped later than now (a clock gone back, a forged record) is refused rather than trusted.
 */
export function sessionState(session: Pick<StaffSession, 'createdAt' | 'lastSeenAt'>, now: Date, limits: SessionLimits = DEFAULT_LIMITS): SessionState {
  const created = session.createdAt.getTime();
  const seen = session.lastSeenAt.getTime();
  const at = now.getTime();
  if (created > at + CLOCK_SKEW_MS || seen > at + CLOCK_SKEW_MS || seen < created) return { state: 'expired', reason: 'future' };
  const absoluteEnd = created + limits.absoluteMs;
  const idleEnd = seen + limits.idleMs;
  if (at >= absoluteEnd) return { state: 'expired', reason: 'absolute' };
  if (at >= idleEnd) return { state: 'expired', reason: 'idle' };
  return { state: 'active', expiresAt: new Date(Math.min(absoluteEnd, idleEnd)) };
}

/**
 * The CSRF token of a session: HMAC-SHA256 keyed with the session token, so it is a synchronizer
 * token the server never has to store. The page gets it in the answer to its session call and keeps
 * it in memory (never in sessionStorage or localStorage), and sends it in the X-CSRF-Token header
 * with every state-changing call; the server recomputes it from the cookie and compares. Another
 * site can make the browser send the cookie (SameSite=Strict already stops that in today's
 * browsers, but not from a sibling subdomain, which counts as the same site), yet it can neither
 * read the HttpOnly cookie nor the page's answers, so it cannot know the token. The token tells
 * nothing of the session token, and one session's token is worthless for another.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('staff-csrf-v1').digest('base64url');
}

/** Whether the CSRF token presented with a call is the session's; compared in constant time. */
export function checkCsrfToken(sessionToken: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a call by this method must carry the CSRF token: every one that may change something. */
export function csrfRequired(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * The cookie's Path: the longest path, by whole segments, that every study-team route of the
 * contracts lies under, so the cookie goes with every admin call and no further than it must.
 * Today that is /api, since the MBTI upload, the statistics, the roster and the TypeFinder import
 * keep the paths the spec gives them outside /api/admin; it becomes /api/admin by itself if they move.
 */
export const STAFF_COOKIE_PATH = commonPathOf(
  Object.values(routes)
    .filter((route) => route.access.kind === 'study-team')
    .map((route) => route.path),
);

function commonPathOf(paths: string[]): string {
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const first = split[0] ?? [];
  let length = 0;
  while (length < first.length && split.every((segments) => segments[length] === first[length] && !first[length]?.startsWith(':'))) length += 1;
  return `/${first.slice(0, length).join('/')}`;
}

export interface CookieOptions {
  /** Secure: true wherever the site is served over HTTPS, which every deployment is; false only for a local stack over plain HTTP. */
  secure: boolean;
}

/**
 * The Set-Cookie value of a new session: HttpOnly (no script reads it), SameSite=Strict (no other
 * site's page sends it), Secure, and Max-Age of the absolute timeout (the server decides earlier ends).
 */
export function staffSessionCookie(sessionToken: string, options: CookieOptions): string {
  if (!TOKEN_PATTERN.test(sessionToken)) throw new Error('Not a session token');
  return cookieLine(sessionToken, Math.floor(STAFF_SESSION_ABSOLUTE_TIMEOUT_MS / 1000), options.secure);
}

/** The Set-Cookie value that removes the session cookie (signing out, or an expired session). */
export function endedStaffSessionCookie(options: CookieOptions): string {
  return cookieLine('', 0, options.secure);
}

function cookieLine(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${STAFF_SESSION_COOKIE}=${value}; Path=${STAFF_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
