import { routes, type StaffList } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import type { AdminClient } from './admin-api';
import { useAdminClient } from '../session/staff-session';

/** GET /api/admin/staff: the study team, names, e-mails, roles and whether each has finished setting up. */
export function readStaffList(client: AdminClient): Promise<StaffList> {
  return client.call(routes.staffList, {});
}

export const STAFF_LIST_KEY = ['staff-list'] as const;

/** The study team, read when a page that shows it opens (`enabled` false: not at all, for a role that may not see it). */
export function useStaffListQuery(enabled = true) {
  const client = useAdminClient();
  return useQuery({ queryKey: STAFF_LIST_KEY, queryFn: () => readStaffList(client), enabled, gcTime: 0 });
}
