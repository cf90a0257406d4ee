export { AboutPage } from './components/AboutPage';
export { TermsPage } from './components/TermsPage';
export { PrivacyPage } from './components/PrivacyPage';
