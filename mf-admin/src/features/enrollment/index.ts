export { EnrollmentPage, STEP_LABELS } from './components/EnrollmentPage';
