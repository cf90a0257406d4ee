import { apiPath } from '@study/api-client';
import { FINAL_REPORT_FILENAME, routes } from '@study/contracts';
import { downloadPdf } from '../../../lib/pdf-download';

/** The name the final report is saved under (product.md section 7). */
export const REPORT_FILE_NAME = FINAL_REPORT_FILENAME;

/** The final report's download; tests put their own in place. */
export interface ReportApi {
  /** GET /api/user/report/{pgId} (Accept: application/pdf): the participant's final report. */
  downloadReport(pgId: string): Promise<Blob>;
}

export function reportApiFrom(fetchImpl?: typeof fetch): ReportApi {
  return {
    downloadReport: (pgId) => downloadPdf(apiPath(routes.finalReportPdf, { pgId }), 'The report', fetchImpl),
  };
}

export const httpReportApi: ReportApi = reportApiFrom();
