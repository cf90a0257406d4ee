import request from 'supertest';
import { consentResponseSchema, consentTextViewSchema, routes } from '@study/contracts';
import { authorizeThroughStudy, type AuthorizeOptions, type StudyAuthorization } from './open-humans-browser';

/**
 * What the consent page sends with the code: the consent version it showed (the current one,
 * read as the page reads it) and the 18+ certification.
 */
export async function consentAgreement(serviceUrl: string): Promise<{ versionId: string; adult: true }> {
  const text = consentTextViewSchema.parse((await request(serviceUrl).get(routes.consentText.path).expect(200)).body);
  return { versionId: text.versionId, adult: true };
}

/** POST /api/consent as the /return page sends it: the code and state, the agreement, the request's cookie. */
export function postConsent(serviceUrl: string, authorization: Pick<StudyAuthorization, 'code' | 'state' | 'cookie'>, agreement: Record<string, unknown>): request.Test {
  return request(serviceUrl).post(routes.consent.path).set('cookie', authorization.cookie).send({ code: authorization.code, state: authorization.state, ...agreement });
}

/** A visitor consents: authorizes through the study on Open Humans and sends the code back (200 expected). */
export async function consentThroughStudy(serviceUrl: string, options: AuthorizeOptions = {}): Promise<{ pgId: string; memberId: string }> {
  const authorization = await authorizeThroughStudy(serviceUrl, options);
  const res = await postConsent(serviceUrl, authorization, await consentAgreement(serviceUrl));
  if (res.status !== 200) throw new Error(`POST /api/consent answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { pgId: consentResponseSchema.parse(res.body).pgId, memberId: authorization.memberId };
}
