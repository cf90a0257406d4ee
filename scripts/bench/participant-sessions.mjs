// The participant sessions the bench holds, as the participants' browsers would: the cookie that
// a consent (POST /api/consent) began, sent back with that participant's calls. Participants the
// bench stores directly (never consented through the API) get a cookie signed with the stack's
// session secret, as if they had confirmed with Open Humans. Before that, the authorization the
// consent page starts: the cookie that holds its state and PKCE verifier until POST /api/consent.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './ts-module.mjs';

const SESSION_COOKIE = 'study_session';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {Promise<typeof import('../../standins/open-humans/src/member-browser')> | undefined} */
let memberBrowserModule;
/** The stand-in's own account of what a member's browser does on its authorize page, loaded once. */
const memberBrowser = () => (memberBrowserModule ??= loadTs(path.join(ROOT, 'standins', 'open-humans', 'src', 'member-browser.ts'), path.join(os.tmpdir(), 'study-bench-modules'), 'member-browser'));
const AUTHORIZATION_COOKIE = 'study_authorization';
/** @type {Map<string, string>} study ID (lower case) -> Cookie header */
const jar = new Map();

/** The study ID a participant call names: in its path, or its JSON body. */
function studyIdOf(url, init) {
  const match = /^\/api\/(?:user\/(?:events|report)|consent\/pdf)\/([^/?]+)$/.exec(new URL(url).pathname);
  if (match) return decodeURIComponent(match[1]);
  if (typeof init?.body !== 'string') return undefined;
  try {
    const body = JSON.parse(init.body);
    return typeof body?.pgId === 'string' ? body.pgId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * fetch as the participant's browser: their session on their calls; a session a response
 * begins is kept for the study ID it answered.
 * @param {string | URL} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 */
export async function participantFetch(url, init = {}) {
  const pgId = studyIdOf(String(url), init);
  const cookie = pgId ? jar.get(pgId.toLowerCase()) : undefined;
  const res = await fetch(url, cookie ? { ...init, headers: { ...init.headers, cookie } } : init);
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (line) {
    const body = await res
      .clone()
      .json()
      .catch(() => undefined);
    if (typeof body?.pgId === 'string') jar.set(body.pgId.toLowerCase(), line.split(';')[0]);
  }
  return res;
}

/**
 * The Open Humans authorization as the consent page starts it in the participant's browser: GET
 * /api/authorization with a fresh state (the study answers the stand-in's authorize page, with
 * its PKCE challenge, and keeps the state and verifier in a cookie), then the authorize form
 * approved as `member`, as a browser posts it (the request's parameters are its hidden fields).
 * Answers what POST /api/consent needs: the code, the state, and the Cookie header to send with them.
 * @param {string} baseUrl the gateway
 * @param {string} member an 8-digit project member ID
 * @returns {Promise<{ code: string, state: string, cookie: string }>}
 */
export async function authorizeOnOpenHumans(baseUrl, member) {
  const state = randomBytes(16).toString('hex');
  const started = await fetch(`${baseUrl}/api/authorization?state=${state}`, { redirect: 'manual' });
  const authorizeUrl = started.headers.get('location');
  const cookie = started.headers.getSetCookie().find((l) => l.startsWith(`${AUTHORIZATION_COOKIE}=`));
  if (started.status !== 302 || !authorizeUrl || !cookie) throw new Error(`GET /api/authorization answered ${started.status}: ${(await started.text()).slice(0, 200)}`);
  const { approveAsMember } = await memberBrowser();
  const { code } = await approveAsMember(authorizeUrl, member);
  return { code, state, cookie: cookie.split(';')[0] };
}

/** The Cookie header of a participant's session, if the bench holds one. */
export function sessionCookieOf(pgId) {
  return jar.get(pgId.toLowerCase());
}

/** Holds these sessions (Cookie headers, as signedSessionCookies answers them) for the participants' calls. */
export function keepSessions(pgIds, cookies) {
  pgIds.forEach((pgId, i) => jar.set(pgId.toLowerCase(), cookies[i]));
}

/** A session cookie for each stored participant, signed with the stack's PARTICIPANT_SESSION_SECRET. */
export async function signedSessionCookies({ root, workDir, secret, pgIds }) {
  const { sessionCookie } = await loadTs(path.join(root, 'packages', 'participant-session', 'src', 'index.ts'), workDir, 'participant-session');
  const now = new Date();
  return pgIds.map((pgId) => sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false }).split(';')[0]);
}
