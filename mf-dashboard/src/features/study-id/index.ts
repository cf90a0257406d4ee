export { StudyIdPage } from './components/StudyIdPage';
