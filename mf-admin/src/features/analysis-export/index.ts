export { AnalysisExportPage } from './components/AnalysisExportPage';
