export { ConsentRenewalPage, type ConsentRenewalPageProps } from './components/ConsentRenewalPage';
export { httpConsentRenewalApi, type ConsentRenewalApi } from './api/consent-api';
