export { NardiReportPage, REPORT_TITLE } from './components/NardiReportPage';
export { NardiReport, type NardiReportProps } from './components/NardiReport';
export { httpNardiReportApi, type NardiReportApi } from './api/report-api';
export { NardiReportApiProvider, useNardiReportApi, type NardiReportApiProviderProps } from './api/report-api-context';
export { reportProblem, REPORT_FAILED_MESSAGE, type ReportProblem } from './api/report-problem';
