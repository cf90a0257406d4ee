import { requestFile } from '@study/ui';

/** A PDF from the study's API, fetched in the page: a refusal or failure is shown in the app, never in place of it. */
export function downloadPdf(path: string, what: string): Promise<Blob> {
  return requestFile(path, { accept: 'application/pdf', what });
}
