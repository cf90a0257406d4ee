export { FinalReportPage, type FinalReportPageProps } from './components/FinalReportPage';
export { ThankYouPage } from './components/ThankYouPage';
export { httpReportApi, REPORT_FILE_NAME, reportApiFrom, type ReportApi } from './api/report-api';
