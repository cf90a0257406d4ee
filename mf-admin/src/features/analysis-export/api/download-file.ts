import { useMutation } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { errorMessageFrom } from '../../../api/error-message';
import { useAdminClient } from '../../../session/staff-session';
import { createAnalysisLink, type AnalysisResource } from './create-analysis-link';
import { messageOf } from '../../../lib/message-of';

export class FileDownloadError extends Error {
  override name = 'FileDownloadError';
}

export interface FileDownload {
  resource: AnalysisResource;
  /** The name the file is saved under. */
  fileName: string;
  /** Told the bytes received so far, as each part comes in. */
  onProgress: (bytes: number) => void;
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


/**
 * Downloads an analysis file through a one-time signed link (createAnalysisLink), reading the streamed answer chunk by chunk and reporting the
 * bytes received; the file is handed to the browser to save only once it has come in whole. Rejects with a
 * FileDownloadError whose message is what the admin should read.
 */
export async function downloadFile(client: AdminClient, { resource, fileName, onProgress }: FileDownload): Promise<{ bytes: number }> {
  let url: string;
  try {
    url = await createAnalysisLink(client, resource);
  } catch (error) {
    throw new FileDownloadError(messageOf(error));
  }
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', headers: { accept: 'text/csv, application/json' }, cache: 'no-store' });
  } catch (error) {
    throw new FileDownloadError(`Could not reach the server: ${messageOf(error)}`);
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
        chunks.push(value);
        bytes += value.byteLength;
        onProgress(bytes);
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
  const type = response.headers.get('content-type') ?? (fileName.endsWith('.json') ? 'application/json' : 'text/csv');
  saveBlob(new Blob(chunks as BlobPart[], { type }), fileName);
  return { bytes };
}

/** A mutation: each download is the admin's own ask, and no file is kept in the cache. */
export function useDownloadFile() {
  const client = useAdminClient();
  return useMutation({ mutationFn: (download: FileDownload) => downloadFile(client, download) });
}
