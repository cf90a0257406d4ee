export { MbtiLoadPage } from './components/MbtiLoadPage';
export { parseMbtiCsv, MbtiCsvError, type ParsedMbtiCsv, type RejectedRow } from './api/parse-mbti-csv';
