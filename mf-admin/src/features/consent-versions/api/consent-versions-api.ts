import { routes, type ConsentVersionsOverview, type PublishConsentResponse } from '@study/contracts';
import { adminCall, type FetchLike } from '../../../api/admin-api';

/** The consent calls of the admin Consent page; the master key goes in the X-Master-Key header. */
export interface ConsentVersionsApi {
  /** GET /api/admin/consent-versions */
  overview(masterKey: string): Promise<ConsentVersionsOverview>;
  /** POST /api/admin/consent-versions {text} */
  publish(masterKey: string, text: string): Promise<PublishConsentResponse>;
}

export function httpConsentVersionsApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)): ConsentVersionsApi {
  return {
    overview: (masterKey) => adminCall(fetchImpl, routes.consentVersions, masterKey, {}),
    publish: (masterKey, text) => adminCall(fetchImpl, routes.publishConsentVersion, masterKey, { body: { text } }),
  };
}
