import type { DownloadResource } from '@study/contracts';
import { errorMessageFrom } from '../../../api/error-message';
import type { AdminApi } from '../../../api/admin-api';

export class FileDownloadError extends Error {
  override name = 'FileDownloadError';
}

/** The part of a streamed body this module reads (kept small so tests can fake it). */
export interface BodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel?(): Promise<void>;
}

/** The part of fetch's Response this module reads. */
export interface FileResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  body: { getReader(): BodyReader } | null;
  headers?: { get(name: string): string | null };
}

export interface FileDownloadDeps {
  api: Pick<AdminApi, 'downloadLink'>;
  fetchImpl?: (url: string, init: RequestInit) => Promise<FileResponse>;
  saveFile?: (data: Blob, fileName: string) => void;
}

/** Hands a downloaded file to the browser as a download. */
export function saveBlob(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** '512 bytes', '12.3 KB', '4.5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Downloads an admin file through a one-time signed link (POST /api/admin/download-links, so the
 * master key never goes into an address), reading the streamed answer chunk by chunk and
 * reporting the bytes received; the file is saved only once it has come in whole. Rejects with
 * a FileDownloadError whose message is what the admin should read.
 */
export async function downloadFile(
  masterKey: string,
  resource: DownloadResource,
  fileName: string,
  onProgress: (bytes: number) => void,
  { api, fetchImpl = (url, init) => fetch(url, init), saveFile = saveBlob }: FileDownloadDeps,
): Promise<{ bytes: number }> {
  let url: string;
  try {
    url = await api.downloadLink(masterKey, resource);
  } catch (error) {
    throw new FileDownloadError(message(error));
  }
  let response: FileResponse;
  try {
    response = await fetchImpl(url, { method: 'GET', headers: { accept: 'text/csv, application/json' }, cache: 'no-store' });
  } catch (error) {
    throw new FileDownloadError(`Could not reach the server: ${message(error)}`);
  }
  if (!response.ok) throw new FileDownloadError(errorMessageFrom(response.status, await response.text()));

  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value) {
          chunks.push(value);
          bytes += value.byteLength;
          onProgress(bytes);
        }
      }
    } catch {
      throw new FileDownloadError(`The download broke off after ${formatBytes(bytes)}; the file is incomplete and was not saved. Try again.`);
    }
  } else {
    const text = new TextEncoder().encode(await response.text());
    chunks.push(text);
    bytes = text.byteLength;
    onProgress(bytes);
  }
  const type = response.headers?.get('content-type') ?? (fileName.endsWith('.json') ? 'application/json' : 'text/csv');
  saveFile(new Blob(chunks as BlobPart[], { type }), fileName);
  return { bytes };
}
