import {
  ADMIN_KEY_HEADER,
  downloadLinkResponseSchema,
  enrollmentSchema,
  mbtiUploadResponseSchema,
  type DownloadResource,
  type Enrollment,
  type MbtiScores,
  type MbtiUploadResponse,
} from '@study/contracts';
import { errorMessageFrom } from './error-message';

/** A failed admin call, with the message the admin should read. */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** The admin calls the pages make; the master key goes in the X-Master-Key header, never in an address. */
export interface AdminApi {
  uploadMbtiScores(masterKey: string, rows: Record<string, MbtiScores>): Promise<MbtiUploadResponse>;
  enrollment(masterKey: string): Promise<Enrollment>;
  /** A one-time link (valid for a minute) the browser can download the file from. */
  downloadLink(masterKey: string, resource: DownloadResource): Promise<string>;
}

/** One admin call with the key in X-Master-Key: a GET without a body, a POST with one; the answer parsed. */
export async function adminCall<T>(fetchImpl: FetchLike, path: string, masterKey: string, parse: (json: unknown) => T, body?: unknown): Promise<T> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchImpl(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', [ADMIN_KEY_HEADER]: masterKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    throw new AdminApiError(`Could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new AdminApiError(errorMessageFrom(response.status, text), response.status);
  try {
    return parse(JSON.parse(text));
  } catch {
    throw new AdminApiError('The server sent an answer this page cannot read.', response.status);
  }
}

export function httpAdminApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)): AdminApi {
  return {
    uploadMbtiScores: (masterKey, rows) => adminCall(fetchImpl, '/api/user/mbti', masterKey, (json) => mbtiUploadResponseSchema.parse(json), rows),
    enrollment: (masterKey) => adminCall(fetchImpl, '/api/admin/enrollment', masterKey, (json) => enrollmentSchema.parse(json)),
    downloadLink: async (masterKey, resource) => (await adminCall(fetchImpl, '/api/admin/download-links', masterKey, (json) => downloadLinkResponseSchema.parse(json), { resource })).url,
  };
}

/**
 * Starts a browser download from a same-origin address (the file streams to disk; nothing is
 * held in the page). The server names the file.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noreferrer';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
