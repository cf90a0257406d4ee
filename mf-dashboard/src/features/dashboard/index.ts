export { DashboardPage, type DashboardPageProps, type StudyIdFormSlotProps, type ConsentRenewalSlotProps, type WithdrawSlotProps } from './components/DashboardPage';
