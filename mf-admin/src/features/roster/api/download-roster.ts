import { apiPath } from '@study/api-client';
import { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME, routes } from '@study/contracts';
import { rosterErrorMessage } from './roster-error';

export { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME };

export class RosterDownloadError extends Error {
  override name = 'RosterDownloadError';
}

/** The part of fetch's Response this module reads (kept small so tests can fake it). */
export interface RosterResponse {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

export interface RosterDeps {
  fetchImpl?: (url: string, init: RequestInit) => Promise<RosterResponse>;
  saveFile?: (data: ArrayBuffer, fileName: string) => void;
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
export async function downloadRoster(
  masterKey: string,
  { fetchImpl = (url, init) => fetch(url, init), saveFile = saveAsFile }: RosterDeps = {},
): Promise<void> {
  let response: RosterResponse;
  try {
    response = await fetchImpl(apiPath(routes.roster, { masterKey }), { method: 'GET', headers: { accept: 'text/csv, application/json' } });
  } catch (error) {
    throw new RosterDownloadError(`Could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new RosterDownloadError(rosterErrorMessage(response.status, await response.text()));
  saveFile(await response.arrayBuffer(), ROSTER_FILE_NAME);
}
