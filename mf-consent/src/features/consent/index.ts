export { ConsentPage } from './components/ConsentPage';
