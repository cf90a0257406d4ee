export { StaffPage } from './components/StaffPage';
export { StaffSetupPage } from './components/StaffSetupPage';
export { StaffSignInPage } from './components/StaffSignInPage';
