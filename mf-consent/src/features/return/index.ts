export { ReturnPage } from './components/ReturnPage';
