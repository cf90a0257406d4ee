import { callApi } from '@study/api-client';
import { routes, type ConsentTextView } from '@study/contracts';

/** GET /api/consent/text: the current consent version and its text. */
export function fetchConsentText(): Promise<ConsentTextView> {
  return callApi(routes.consentText, {});
}
