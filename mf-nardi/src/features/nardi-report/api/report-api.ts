import { nardiReportSchema, type NardiReportView } from '@study/contracts';
import { requestJson } from '@study/ui';

/** The call the report page makes; tests put their own in place. */
export interface NardiReportApi {
  /** POST /api/user/nardi/report {pgId}: the participant's Nardi report (the server waits briefly for a result on its way). */
  fetchReport(pgId: string, signal?: AbortSignal): Promise<NardiReportView>;
}

export const httpNardiReportApi: NardiReportApi = {
  fetchReport: (pgId, signal) => requestJson('/api/user/nardi/report', { body: { pgId }, parse: (json) => nardiReportSchema.parse(json), signal }),
};
