export { DashboardPage, type DashboardPageProps, type StudyIdFormSlotProps } from './components/DashboardPage';
export { httpDashboardApi, type DashboardApi } from './api/participant-api';
