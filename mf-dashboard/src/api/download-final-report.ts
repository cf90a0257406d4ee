import { apiPath } from '@study/api-client';
import { routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadPdf } from '../lib/pdf-download';

/** GET /api/user/report/{pgId} (Accept: application/pdf): the participant's final report. */
export function downloadFinalReport({ pgId }: { pgId: string }): Promise<Blob> {
  return downloadPdf(apiPath(routes.finalReportPdf, { pgId }), 'The report');
}

/** A mutation, not a query: each download is the participant's own ask, and no file is kept in the cache. */
export function useDownloadFinalReport() {
  return useMutation({ mutationFn: downloadFinalReport });
}
