import { ApiError, NETWORK_ERROR_MESSAGE } from '@study/ui';

/** The calls of /test; tests put their own in place. */
export interface ReportApi {
  /** GET /api/user/report/{pgId} (Accept: application/pdf): the participant's final report. */
  downloadReport(pgId: string): Promise<Blob>;
}

/** The server's message from an error body ({error, code}), else a plain description of the answer. */
async function reportError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof json.error === 'string' && json.error.trim() !== '') {
      return new ApiError(json.error, response.status, typeof json.code === 'string' ? json.code : undefined);
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiError(`The report could not be downloaded: the study server answered ${response.status} ${response.statusText}`.trim(), response.status);
}

export function reportApiFrom(fetchImpl: typeof fetch = (...args) => fetch(...args)): ReportApi {
  return {
    async downloadReport(pgId) {
      let response: Response;
      try {
        response = await fetchImpl(`/api/user/report/${encodeURIComponent(pgId)}`, { headers: { accept: 'application/pdf' }, cache: 'no-store' });
      } catch {
        throw new ApiError(NETWORK_ERROR_MESSAGE);
      }
      if (!response.ok) throw await reportError(response);
      return response.blob();
    },
  };
}

export const httpReportApi: ReportApi = reportApiFrom();
