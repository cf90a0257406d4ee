export { ReadyCsvPage } from './components/ReadyCsvPage';
