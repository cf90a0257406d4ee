import { apiPath } from '@study/api-client';
import { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME, routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { rosterErrorMessage } from './roster-error';
import { messageOf } from '../../../lib/message-of';

export { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME };

export class RosterDownloadError extends Error {
  override name = 'RosterDownloadError';
}

/** Hands a downloaded file to the browser as a download. */
export function saveAsFile(data: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /api/ohready/{masterKey} and save the answer as roster.csv. Rejects with a RosterDownloadError
 * whose message is what the admin should read.
 */
export async function downloadRoster({ masterKey }: { masterKey: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiPath(routes.roster, { masterKey }), { method: 'GET', headers: { accept: 'text/csv, application/json' } });
  } catch (error) {
    throw new RosterDownloadError(`Could not reach the server: ${messageOf(error)}`);
  }
  if (!response.ok) throw new RosterDownloadError(rosterErrorMessage(response.status, await response.text()));
  saveAsFile(await response.arrayBuffer(), ROSTER_FILE_NAME);
}

/** A mutation: each download is the admin's own ask, and no file is kept in the cache. */
export function useDownloadRoster() {
  return useMutation({ mutationFn: downloadRoster });
}
