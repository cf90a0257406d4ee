import { callApi } from '@study/api-client';
import { routes, type NardiReportView } from '@study/contracts';

/** The call the report page makes; tests put their own in place. */
export interface NardiReportApi {
  /** POST /api/user/nardi/report {pgId}: the participant's Nardi report (the server waits briefly for a result on its way). */
  fetchReport(pgId: string, signal?: AbortSignal): Promise<NardiReportView>;
}

export const httpNardiReportApi: NardiReportApi = {
  fetchReport: (pgId, signal) => callApi(routes.nardiReport, { body: { pgId } }, { signal }),
};
