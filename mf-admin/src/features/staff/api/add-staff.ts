import { routes, type AddStaffRequest, type AddStaffResponse } from '@study/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { useAdminClient } from '../../../session/staff-session';
import { STAFF_LIST_KEY } from '../../../api/staff-list';

/** POST /api/admin/staff: adds a person to the study team; answers their one-time set-up code. */
export function addStaff(client: AdminClient, request: AddStaffRequest): Promise<AddStaffResponse> {
  return client.call(routes.addStaff, { body: request });
}

/** Adds a person, then reads the team again. */
export function useAddStaff() {
  const client = useAdminClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (request: AddStaffRequest) => addStaff(client, request),
    onSuccess: () => queries.invalidateQueries({ queryKey: STAFF_LIST_KEY }),
  });
}
