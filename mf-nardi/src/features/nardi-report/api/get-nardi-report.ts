import { callApi } from '@study/api-client';
import { routes, type NardiReportView } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';

/** POST /api/user/nardi/report {pgId}: the participant's Nardi report (the server waits briefly for a result on its way). */
export function getNardiReport(pgId: string, signal?: AbortSignal): Promise<NardiReportView> {
  return callApi(routes.nardiReport, { body: { pgId } }, { signal });
}

/** The report of this study ID, asked for each time the page is shown, and again on a retry. */
export function useNardiReport(pgId: string) {
  return useQuery({ queryKey: ['nardi-report', pgId], queryFn: ({ signal }) => getNardiReport(pgId, signal) });
}
