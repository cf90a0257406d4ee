import { routes } from '@study/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { STAFF_LIST_KEY } from '../../../api/staff-list';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/staff/{staffId}/remove: removes a person from the study team. */
export async function removeStaff(client: AdminClient, staffId: string): Promise<void> {
  await client.call(routes.removeStaff, { params: { staffId }, body: {} });
}

/** Removes a person, then reads the team again. */
export function useRemoveStaff() {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string) => removeStaff(client, staffId),
    onSuccess: () => queries.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
