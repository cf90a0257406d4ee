export { NardiReportPage, REPORT_TITLE } from './components/NardiReportPage';
export { NardiReport, type NardiReportProps } from './components/NardiReport';
export { getNardiReport, useNardiReport } from './api/get-nardi-report';
export { reportProblem, REPORT_FAILED_MESSAGE, type ReportProblem } from './api/report-problem';
