import { routes, type Enrollment } from '@study/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';
import { readOnDemand } from '../../../api/read-on-demand';

/** GET /api/admin/enrollment: the enrollment figures as of now (the master key in X-Master-Key). */
export function readEnrollment({ masterKey }: { masterKey: string }): Promise<Enrollment> {
  return adminCall(routes.enrollment, masterKey, {});
}

/** The figures: read on arrival with a kept key, then on each Show or Refresh (refetch), counted again each time. */
export function useEnrollmentQuery(masterKey: string, readAtOnce: boolean) {
  return useQuery({ queryKey: ['enrollment'], queryFn: () => readEnrollment({ masterKey }), ...readOnDemand(readAtOnce) });
}
