// Makes participants the way the outside parties would, through @study/participant-client: an
// Open Humans authorization started at the study and approved on the stand-in, the consent, a
// TypeFinder result from the stand-in widget, and the Nardi survey taken over the API, as its
// screens call it. The sessions they begin are kept in e2eSessions (session-jar.ts), for the
// tests' own calls and for the browser (holdSession).
import { answerNardi, authorizeProject as authorizeThroughStudy, join, ParticipantClient, randomMemberId, takeTypeFinder, type ProjectAuthorization } from '@study/participant-client';
import type { Settings } from '@study/contracts';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { e2eSessions } from './session-jar';

export { randomMemberId, type ProjectAuthorization };

let client: ParticipantClient | undefined;
/**
 * The participants' browsers over HTTP: their sessions in e2eSessions; a 503 (another test has
 * a service stopped) waited out and sent again; a result not ready yet asked for again for 20 s.
 */
function participants(): ParticipantClient {
  if (client?.baseUrl !== baseUrl()) {
    client = new ParticipantClient({ baseUrl: baseUrl(), typeFinderWidgetUrl: process.env.E2E_TYPEFINDER_WIDGET_URL, sessions: e2eSessions, retry: { kind: 'busy' }, resultWaitMs: 20_000 });
  }
  return client;
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

export const studySettings = (): Promise<Settings> => participants().settings();

/** What the consent page sends with the code: the consent version it showed and the 18+ certification. */
export const consentAgreement = (): Promise<{ versionId: string; adult: true }> => participants().consentAgreement();

/** Authorizes the project on the Open Humans stand-in as the consent page starts it (for a test that consents by hand). */
export const authorizeProject = (member = randomMemberId()): Promise<ProjectAuthorization> => authorizeThroughStudy(participants(), { member });

/** A participant who consented through Open Humans. */
export async function consentedParticipant(member = randomMemberId()): Promise<{ pgId: string; studyEmail: string; member: string }> {
  return join(participants(), { member });
}

/** Takes the TypeFinder quiz on the stand-in widget for this study email, then submits the result. */
export async function completeTypeFinder(pgId: string, studyEmail: string, letters = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' }): Promise<string> {
  return takeTypeFinder(participants(), pgId, `${letters.energy}${letters.information}${letters.decisions}${letters.lifestyle}`, { studyEmail });
}

/**
 * Takes the Nardi survey over the API as the Nardi screens would: the 25 part-one answers, then
 * the scores, then the first offer of parts two, three and four. Answers the Nardi type.
 */
export async function completeNardiOverApi(pgId: string): Promise<string> {
  return (await answerNardi(participants(), pgId)).selectedTypeCode;
}
