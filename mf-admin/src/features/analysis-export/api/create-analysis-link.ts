import { routes } from '@study/contracts';
import type { AdminClient } from '../../../api/admin-api';

/** What this page downloads: the analysis export (CSV) or its data dictionary (JSON). */
export type AnalysisResource = 'export' | 'dictionary';

/** POST /api/admin/download-links {resource}: a one-time link (valid for a minute) to the file, for the page to fetch. */
export async function createAnalysisLink(client: AdminClient, resource: AnalysisResource): Promise<string> {
  return (await client.call(routes.createDownloadLink, { body: { resource } })).url;
}
