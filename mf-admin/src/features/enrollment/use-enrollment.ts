import type { FormEvent } from 'react';
import { adminReadOf } from '../../api/read-on-demand';
import { useEnrollmentQuery } from './api/read-enrollment';

/** The Enrollment page's state: the figures, read when the page opens and again on Refresh. */
export function useEnrollment() {
  const query = useEnrollmentQuery();
  const figures = adminReadOf(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (figures.state !== 'loading') void query.refetch();
  };

  return { figures, submit };
}
