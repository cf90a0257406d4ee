import { consentResponseSchema, type ConsentResponse } from '@study/contracts';
import { requestJson } from '@study/ui';

/** POST /api/consent {code}: the participant's study ID for the code Open Humans sent back. */
export function exchangeCode(code: string): Promise<ConsentResponse> {
  return requestJson('/api/consent', { body: { code }, parse: (json) => consentResponseSchema.parse(json) });
}

const inFlight = new Map<string, Promise<ConsentResponse>>();

/**
 * A code works once: asking twice (a re-render, React's development double effects) must not
 * spend it twice, so a second call for the same code shares the first call's answer.
 */
export function exchangeCodeOnce(code: string, exchange: (code: string) => Promise<ConsentResponse> = exchangeCode): Promise<ConsentResponse> {
  let pending = inFlight.get(code);
  if (!pending) {
    pending = exchange(code);
    inFlight.set(code, pending);
  }
  return pending;
}
