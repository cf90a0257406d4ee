import { routes, type Enrollment } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import type { AdminClient } from '../../../api/admin-api';
import { READ_ON_ARRIVAL } from '../../../api/read-on-demand';
import { useAdminClient } from '../../../session/staff-session';

/** GET /api/admin/enrollment: the enrollment figures as of now. */
export function readEnrollment(client: AdminClient): Promise<Enrollment> {
  return client.call(routes.enrollment, {});
}

/** The figures: read when the page opens, then on each Refresh (refetch), counted again each time. */
export function useEnrollmentQuery() {
  const client = useAdminClient();
  return useQuery({ queryKey: ['enrollment'], queryFn: () => readEnrollment(client), ...READ_ON_ARRIVAL });
}
