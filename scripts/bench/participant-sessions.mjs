// The participant sessions the bench holds, as the participants' browsers would: the cookie that
// a consent (POST /api/consent) began, sent back with that participant's calls. Participants the
// bench stores directly (never consented through the API) get a cookie signed with the stack's
// session secret, as if they had confirmed with Open Humans.
import path from 'node:path';
import { loadTs } from './ts-module.mjs';

const SESSION_COOKIE = 'study_session';
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

/** The Cookie header of a participant's session, if the bench holds one. */
export function sessionCookieOf(pgId) {
  return jar.get(pgId.toLowerCase());
}

/** A session cookie for each stored participant, signed with the stack's PARTICIPANT_SESSION_SECRET. */
export async function signedSessionCookies({ root, workDir, secret, pgIds }) {
  const { sessionCookie } = await loadTs(path.join(root, 'packages', 'participant-session', 'src', 'index.ts'), workDir, 'participant-session');
  const now = new Date();
  return pgIds.map((pgId) => sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false }).split(';')[0]);
}
