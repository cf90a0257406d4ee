import { routes, type StaffAccount, type StaffRoleName } from '@study/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { STAFF_LIST_KEY } from '../../../api/staff-list';
import { useAdminClient } from '../../../session/staff-session';

/** POST /api/admin/staff/{staffId}/role: gives a person another role; answers their account. */
export function changeStaffRole(client: AdminClient, staffId: string, role: StaffRoleName): Promise<StaffAccount> {
  return client.call(routes.changeStaffRole, { params: { staffId }, body: { role } });
}

/** Changes a role, then reads the team again. */
export function useChangeStaffRole() {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, role }: { staffId: string; role: StaffRoleName }) => changeStaffRole(client, staffId, role),
    onSuccess: () => queries.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
