import { routes } from '@study/contracts';
import { adminCall } from '../../../api/admin-api';

/** What this page downloads: the analysis export (CSV) or its data dictionary (JSON). */
export type AnalysisResource = 'export' | 'dictionary';

/**
 * POST /api/admin/download-links {resource}: a one-time link (valid for a minute) to the file, so
 * the master key never goes into an address (the master key in X-Master-Key).
 */
export async function createAnalysisLink({ masterKey, resource }: { masterKey: string; resource: AnalysisResource }): Promise<string> {
  return (await adminCall(routes.createDownloadLink, masterKey, { body: { resource } })).url;
}
