export { TypeFinderPage, TYPEFINDER_TOPIC, type TypeFinderPageProps } from './components/TypeFinderPage';
export { httpTypeFinderApi, type TypeFinderApi } from './api/typefinder-api';
