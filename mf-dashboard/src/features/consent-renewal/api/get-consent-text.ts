import { callApi } from '@study/api-client';
import { routes, type ConsentTextView } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';

/** GET /api/consent/text: the current consent version and its text. */
export function getConsentText(): Promise<ConsentTextView> {
  return callApi(routes.consentText, {});
}

/** The server's current consent version, asked for each time the renewal is shown. */
export function useConsentText() {
  return useQuery({ queryKey: ['consent-text'], queryFn: getConsentText });
}
