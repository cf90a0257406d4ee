export { TypeFinderPage, TYPEFINDER_TOPIC } from './components/TypeFinderPage';
