export { NardiIntroPage } from './components/NardiIntroPage';
