export { ConsentVersionsPage } from './components/ConsentVersionsPage';
