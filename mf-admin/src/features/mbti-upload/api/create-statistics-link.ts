import { routes } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** POST /api/admin/download-links for the statistics: a one-time link (valid for a minute) the browser can download the file from. */
export async function createStatisticsLink({ masterKey }: { masterKey: string }): Promise<string> {
  return (await adminCall(routes.createDownloadLink, masterKey, { body: { resource: 'stats' } })).url;
}

export function useCreateStatisticsLink() {
  return useMutation({ mutationFn: createStatisticsLink });
}
