export { HowItWorksPage } from './components/HowItWorksPage';
