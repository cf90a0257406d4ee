import { isV4Uuid, nextSurvey, type RequiredSurveyId } from '@study/personality';
import type { ClientState } from './state';

/**
 * Authorized (product.md section 4): a valid v4 UUID study ID whose loaded data says consent is
 * true (an access token for Open Humans exists).
 */
export function isAuthorized(state: Pick<ClientState, 'pgId' | 'user'>): boolean {
  const { pgId, user } = state;
  return pgId !== null && isV4Uuid(pgId) && user !== null && user.access.pgId.toLowerCase() === pgId && user.access.consent === true;
}

/** The survey due next in the required order (typeFinder, nardi, selfAssessment); null when all are done. */
export function nextDueSurvey(state: Pick<ClientState, 'surveys'>): RequiredSurveyId | null {
  return nextSurvey(state.surveys);
}

/**
 * Withdrawn: the loaded data says this study ID has no live authorization; the participant must
 * consent again (domain.md section 7).
 */
export function needsConsentAgain(state: Pick<ClientState, 'pgId' | 'user'>): boolean {
  return state.pgId !== null && state.user !== null && state.user.access.consent === false;
}
