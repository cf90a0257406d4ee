import { randomBytes } from 'node:crypto';
import { routes } from '@study/contracts';
import { approveAsMember, type ApproveOptions, type MemberApproval } from '@study/participant-client';

/**
 * Does with plain HTTP what a participant's browser does: start the authorization at the study
 * (GET /api/authorization, which keeps the state and PKCE verifier in a cookie), then on the
 * Open Humans authorize page approve as the member (@study/participant-client's
 * approveAsMember, the one account of that page), and read the code from the redirect.
 */

/** What the member's approval answers: the member, the code and the redirect to /return. */
export type Authorization = MemberApproval;
export type AuthorizeOptions = ApproveOptions;

/** An authorization started at the study: what /return gets, and the cookie that must go with it. */
export interface StudyAuthorization extends Authorization {
  state: string;
  /** The Cookie header holding the request's state and verifier (for POST /api/consent or /api/session). */
  cookie: string;
}

/** A fresh `state` as the study's pages make it: 32 hex digits. */
export function newState(): string {
  return randomBytes(16).toString('hex');
}

/** GET /api/authorization?state=...: the authorize page it redirects to, and the cookie it sets. */
export async function startAuthorization(studyUrl: string, state = newState()): Promise<{ state: string; authorizeUrl: string; cookie: string }> {
  const res = await fetch(`${studyUrl}${routes.startAuthorization.path}?state=${state}`, { redirect: 'manual' });
  const authorizeUrl = res.headers.get('location');
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('study_authorization='));
  if (res.status !== 302 || !authorizeUrl || !cookie) throw new Error(`GET /api/authorization answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return { state, authorizeUrl, cookie: cookie.split(';')[0] as string };
}

/** The whole round trip a browser makes from the study to Open Humans and back to /return. */
export async function authorizeThroughStudy(studyUrl: string, options: AuthorizeOptions = {}): Promise<StudyAuthorization> {
  const { state, authorizeUrl, cookie } = await startAuthorization(studyUrl);
  return { ...(await authorizeOnOpenHumans(authorizeUrl, options)), state, cookie };
}

/** Opens the authorize page at `authorizeUrl` (with its state), approves, and returns the code from the redirect. */
export function authorizeOnOpenHumans(authorizeUrl: string, options: AuthorizeOptions = {}): Promise<Authorization> {
  return approveAsMember(authorizeUrl, options);
}
