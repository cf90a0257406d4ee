import { apiPath } from '@study/api-client';
import { routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadPdf } from '../../../lib/pdf-download';

/** GET /api/consent/pdf/{pgId} (Accept: application/pdf): the consent the participant agreed to, with its version and date. */
export function downloadConsentPdf({ pgId }: { pgId: string }): Promise<Blob> {
  return downloadPdf(apiPath(routes.consentPdf, { pgId }), 'Your consent');
}

/** A mutation, not a query: each download is the participant's own ask, and no file is kept in the cache. */
export function useDownloadConsentPdf() {
  return useMutation({ mutationFn: downloadConsentPdf });
}
