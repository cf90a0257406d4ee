import { callApi } from '@study/api-client';
import { routes, type ConsentResponse } from '@study/contracts';
import type { ConsentAgreement } from '../../../lib/agreement';

/**
 * POST /api/consent {code, state, versionId, adult}: the participant's study ID for the code Open
 * Humans sent back to the request this browser started, the consent recorded with what they agreed to.
 */
export function exchangeCode(code: string, state: string, agreement: ConsentAgreement): Promise<ConsentResponse> {
  return callApi(routes.consent, { body: { code, state, ...agreement } });
}

const inFlight = new Map<string, Promise<ConsentResponse>>();

/**
 * A code works once: asking twice (a re-render, React's development double effects) must not
 * spend it twice, so a second call for the same code shares the first call's answer.
 */
export function onceForCode(code: string, spend: () => Promise<ConsentResponse>): Promise<ConsentResponse> {
  let pending = inFlight.get(code);
  if (!pending) {
    pending = spend();
    inFlight.set(code, pending);
  }
  return pending;
}
