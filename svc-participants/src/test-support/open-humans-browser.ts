import { randomBytes } from 'node:crypto';
import { routes } from '@study/contracts';

/**
 * Does with plain HTTP what a participant's browser does: start the authorization at the study
 * (GET /api/authorization, which keeps the state and PKCE verifier in a cookie), then on the
 * Open Humans authorize page fill in the form and submit it, and read the code from the
 * redirect to the study's /return URL.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function decodeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeHtml(match[1]);
}

export interface Authorization {
  /** The project member who authorized. */
  memberId: string;
  code: string;
  /** The full redirect target, e.g. http://127.0.0.1:8080/return?code=...&state=... */
  location: URL;
}

export interface AuthorizeOptions {
  /** An existing member authorizing again; default: the new member the page suggests. */
  member?: string;
  /** Data sources the member shares; default: what the page has checked (23andMe). */
  sources?: string[];
}

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
export async function authorizeOnOpenHumans(authorizeUrl: string, options: AuthorizeOptions = {}): Promise<Authorization> {
  const pageUrl = new URL(authorizeUrl);
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}: ${html.slice(0, 300)}`);

  const formTag = /<form\b[^>]*>/.exec(html)?.[0];
  const action = formTag ? attribute(formTag, 'action') : undefined;
  if (!action) throw new Error('The authorize page has no form');
  const form = new URLSearchParams();
  for (const input of html.match(/<input\b[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = attribute(input, 'name');
    if (name) form.append(name, attribute(input, 'value') ?? '');
  }
  const memberInput = /<input\b[^>]*id="member"[^>]*>/.exec(html)?.[0];
  const suggested = memberInput ? attribute(memberInput, 'value') : undefined;
  const memberId = options.member ?? suggested;
  if (!memberId) throw new Error('The authorize page suggests no member');
  form.set('member', memberId);
  const checked = (html.match(/<input\b[^>]*type="checkbox"[^>]*>/g) ?? []).filter((tag) => /\bchecked\b/.test(tag)).map((tag) => attribute(tag, 'value') ?? '');
  for (const source of options.sources ?? checked) form.append('sources', source);
  form.set('decision', 'authorize');

  const answer = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`Authorizing answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  const target = new URL(location);
  const code = target.searchParams.get('code');
  if (!code) throw new Error(`The redirect carries no code: ${target.searchParams.get('error') ?? location}`);
  return { memberId, code, location: target };
}
