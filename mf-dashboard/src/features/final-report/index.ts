export { TestPage, type TestPageProps } from './components/TestPage';
export { ThankYouPage } from './components/ThankYouPage';
export { httpReportApi, reportApiFrom, type ReportApi } from './api/report-api';
export { REPORT_FILE_NAME, saveFile } from './save-file';
