export { NoticesArea } from './components/NoticesArea';
