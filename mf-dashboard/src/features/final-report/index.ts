export { FinalReportPage, type FinalReportPageProps } from './components/FinalReportPage';
export { ThankYouPage } from './components/ThankYouPage';
