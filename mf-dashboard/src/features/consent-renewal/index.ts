export { ConsentRenewalPage, type ConsentRenewalPageProps } from './components/ConsentRenewalPage';
