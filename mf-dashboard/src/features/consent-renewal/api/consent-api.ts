import { callApi } from '@study/api-client';
import { routes, type ConsentRenewResponse, type ConsentTextView } from '@study/contracts';

/** The calls the renewal screen makes; tests put their own in place. */
export interface ConsentRenewalApi {
  /** GET /api/consent/text: the current version and its text. */
  fetchConsentText(): Promise<ConsentTextView>;
  /** POST /api/consent/renew {pgId, versionId, adult: true} */
  renewConsent(pgId: string, versionId: string): Promise<ConsentRenewResponse>;
}

export const httpConsentRenewalApi: ConsentRenewalApi = {
  fetchConsentText: () => callApi(routes.consentText, {}),
  renewConsent: (pgId, versionId) => callApi(routes.renewConsent, { body: { pgId, versionId, adult: true } }),
};
