import { routes, type Enrollment } from '@study/contracts';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '../../../api/admin-api';

/** GET /api/admin/enrollment: the enrollment figures as of now (the master key in X-Master-Key). */
export function readEnrollment({ masterKey }: { masterKey: string }): Promise<Enrollment> {
  return adminCall((url, init) => fetch(url, init), routes.enrollment, masterKey, {});
}

/** A mutation, not a query: the admin asks for the figures, and each Refresh counts them again. */
export function useReadEnrollment() {
  return useMutation({ mutationFn: readEnrollment });
}
