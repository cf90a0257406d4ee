export { DashboardPage, type DashboardPageProps, type StudyIdFormSlotProps, type ConsentRenewalSlotProps, type WithdrawSlotProps } from './components/DashboardPage';
export { httpDashboardApi, type DashboardApi } from './api/participant-api';
