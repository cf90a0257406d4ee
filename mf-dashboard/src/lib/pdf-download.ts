import { ApiError, NETWORK_ERROR_MESSAGE } from '@study/ui';

/** The server's message from an error body ({error, code}), else a plain description of the answer. */
async function downloadError(response: Response, what: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof json.error === 'string' && json.error.trim() !== '') {
      return new ApiError(json.error, response.status, typeof json.code === 'string' ? json.code : undefined);
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiError(`${what} could not be downloaded: the study server answered ${response.status} ${response.statusText}`.trim(), response.status);
}

/**
 * A PDF from the study's API as a Blob, fetched in the page (not a navigation), so a refusal or a
 * failure is shown in the app in the server's words instead of replacing the page with its body.
 */
export async function downloadPdf(path: string, what: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<Blob> {
  let response: Response;
  try {
    response = await fetchImpl(path, { headers: { accept: 'application/pdf' }, cache: 'no-store' });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await downloadError(response, what);
  return response.blob();
}
