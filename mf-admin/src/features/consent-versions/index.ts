export { ConsentVersionsPage, type ConsentVersionsPageProps } from './components/ConsentVersionsPage';
