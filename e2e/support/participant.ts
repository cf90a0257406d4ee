// Makes participants the way the outside parties would: an Open Humans authorization started at
// the study and approved on the stand-in (over HTTP, as a browser posts its form, the study's
// authorization cookie carried to POST /api/consent) and a TypeFinder result from the stand-in
// widget, which signs and posts it to the study's webhook. The Nardi survey is taken over the
// API, as its screens call it.
import { randomBytes } from 'node:crypto';
import { apiPath, callApi, type CallInput } from '@study/api-client';
import { routeKey, routes, type ApiRoute, type ResponseBodyOf, type Settings } from '@study/contracts';
import { partFourOffers, partThreeOffers, partTwoOffers } from '@study/personality';
import { ApiError } from '@study/ui';
import { approveAsMember } from '@study/standin-open-humans';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { e2eSessions } from './session-jar';

const AUTHORIZATION_COOKIE = 'study_authorization';

/**
 * A participant call as their browser makes it, through the typed client: with their session, if
 * one began here (or the `cookie` given, e.g. the authorization's); a session the answer begins
 * (POST /api/consent) is kept for the study ID it names.
 */
async function api<R extends ApiRoute>(route: R, input: CallInput<R>, cookie?: string): Promise<ResponseBodyOf<R>> {
  const pgId = (input.body as { pgId?: unknown } | undefined)?.pgId;
  let answered: Response | undefined;
  const fetchImpl: typeof fetch = async (...args) => (answered = await fetch(...args));
  try {
    const answer = await callApi(route, input, { baseUrl: baseUrl(), headers: { ...e2eSessions.headersFor(pgId), ...(cookie ? { cookie } : {}) }, fetchImpl });
    if (answered) e2eSessions.keep(answered, (answer as { pgId?: unknown }).pgId);
    return answer;
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`${routeKey(route)} answered ${error.status ?? 'nothing'}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The Cookie header of the participant's session (made by consentedParticipant), for calls made by hand. */
export const sessionHeaders = (pgId: string): Record<string, string> => e2eSessions.headersFor(pgId);

/**
 * Gives the page's browser the session of a participant made over HTTP (consentedParticipant),
 * as if they had consented on it. A participant who consented in this browser already holds it.
 */
export async function holdSession(page: Page, pgId: string): Promise<void> {
  const cookie = e2eSessions.headersFor(pgId).cookie;
  if (!cookie) return;
  const at = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl(), httpOnly: true, sameSite: 'Strict' }]);
}

export const studySettings = (): Promise<Settings> => callApi(routes.settings, {}, { baseUrl: baseUrl() });

/** What the consent page sends with the code: the consent version it showed and the 18+ certification. */
export async function consentAgreement(): Promise<{ versionId: string; adult: true }> {
  const { versionId } = await callApi(routes.consentText, {}, { baseUrl: baseUrl() });
  return { versionId, adult: true };
}

/** What POST /api/consent (or /api/session) needs from an authorization: the code, its state, and the Cookie header of the browser that started it. */
export interface ProjectAuthorization {
  code: string;
  state: string;
  /** `study_authorization=...`: the request's state and PKCE verifier, sealed by the study. */
  cookie: string;
}

/**
 * Authorizes the project on the Open Humans stand-in as the consent page starts it: GET
 * /api/authorization with a fresh state (the study answers the authorize page, with its PKCE
 * challenge, and keeps the state and verifier in a cookie), then the authorize page's form,
 * approved, as a browser posts it (the request's parameters travel as hidden fields).
 */
export async function authorizeProject(member = randomMemberId()): Promise<ProjectAuthorization> {
  const state = randomBytes(16).toString('hex');
  const started = await fetch(`${baseUrl()}${apiPath(routes.startAuthorization, {}, { state })}`, { redirect: 'manual' });
  const authorizeUrl = started.headers.get('location');
  const cookie = started.headers.getSetCookie().find((line) => line.startsWith(`${AUTHORIZATION_COOKIE}=`));
  if (started.status !== 302 || !authorizeUrl || !cookie) throw new Error(`GET /api/authorization answered ${started.status}: ${await started.text()}`);
  const { code } = await approveAsMember(authorizeUrl, member);
  return { code, state, cookie: cookie.split(';')[0] as string };
}

export function randomMemberId(): string {
  return String(10_000_000 + Math.floor(Math.random() * 89_999_999));
}

/** A participant who consented through Open Humans. */
export async function consentedParticipant(member = randomMemberId()): Promise<{ pgId: string; studyEmail: string; member: string }> {
  const { code, state, cookie } = await authorizeProject(member);
  const { pgId } = await api(routes.consent, { body: { code, state, ...(await consentAgreement()) } }, cookie);
  const { studyEmailHost } = await studySettings();
  return { pgId, studyEmail: `${pgId}@${studyEmailHost}`, member };
}

/** Takes the TypeFinder quiz on the stand-in widget for this study email, then submits the result. */
export async function completeTypeFinder(pgId: string, studyEmail: string, letters = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' }): Promise<string> {
  const widget = process.env.E2E_TYPEFINDER_WIDGET_URL;
  if (!widget) throw new Error('E2E_TYPEFINDER_WIDGET_URL is not set');
  const res = await fetch(widget, { method: 'POST', body: new URLSearchParams({ email: studyEmail, ...letters }) });
  if (!res.ok) throw new Error(`the TypeFinder widget answered ${res.status}: ${await res.text()}`);
  const { typeCode } = await api(routes.claimTypeFinderResult, { body: { pgId } });
  return typeCode;
}

/**
 * POST /api/user/nardi: the part-one scores, once scoring has received the answers (409 until
 * then; 503 while another test has the scoring service stopped).
 */
async function nardiScores(pgId: string, timeoutMs = 20_000): Promise<ResponseBodyOf<typeof routes.nardiScores>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await callApi(routes.nardiScores, { body: { pgId } }, { baseUrl: baseUrl(), headers: e2eSessions.headersFor(pgId) });
    } catch (error) {
      if (!(error instanceof ApiError) || ![409, 503].includes(error.status ?? 0) || Date.now() > deadline) {
        throw new Error(`${routeKey(routes.nardiScores)} answered ${error instanceof ApiError ? (error.status ?? 'nothing') : 'nothing'}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Takes the Nardi survey over the API as the Nardi screens would: the 25 part-one answers, then
 * the scores, then the first offer of parts two, three and four. Answers the Nardi type.
 */
export async function completeNardiOverApi(pgId: string): Promise<string> {
  const answers = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, value: i % 3 === 0 ? 'B' : 'A' }));
  await api(routes.saveSurvey, { body: { pgId, survey: { id: 'nardi', status: 'part-one', index: 24, answers } } });
  const scores = await nardiScores(pgId);
  const selectedTemperament = partTwoOffers(scores.temperaments)[0]?.code;
  await api(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-two', selectedTemperament } } } });
  const selectedFP = partThreeOffers(scores.functionalPairs, selectedTemperament)[0]?.code;
  await api(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-three', selectedFP } } } });
  const selectedTypeCode = partFourOffers(scores.typeCodes, selectedFP)[0]?.code;
  if (!selectedTypeCode) throw new Error('Nardi part four offered no type');
  await api(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'completed', selectedTypeCode } } } });
  return selectedTypeCode;
}
