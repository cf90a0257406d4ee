import { consentRenewResponseSchema, consentTextViewSchema, type ConsentRenewResponse, type ConsentTextView } from '@study/contracts';
import { requestJson } from '@study/ui';

/** The calls the renewal screen makes; tests put their own in place. */
export interface ConsentRenewalApi {
  /** GET /api/consent/text: the current version and its text. */
  fetchConsentText(): Promise<ConsentTextView>;
  /** POST /api/consent/renew {pgId, versionId, adult: true} */
  renewConsent(pgId: string, versionId: string): Promise<ConsentRenewResponse>;
}

export const httpConsentRenewalApi: ConsentRenewalApi = {
  fetchConsentText: () => requestJson('/api/consent/text', { method: 'GET', parse: (json) => consentTextViewSchema.parse(json) }),
  renewConsent: (pgId, versionId) => requestJson('/api/consent/renew', { body: { pgId, versionId, adult: true }, parse: (json) => consentRenewResponseSchema.parse(json) }),
};
