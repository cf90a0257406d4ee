export { StudyIdPage, type StudyIdPageProps } from './components/StudyIdPage';
