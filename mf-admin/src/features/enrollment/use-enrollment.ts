import type { FormEvent } from 'react';
import { adminReadOf, useKeyKeptOnArrival } from '../../api/read-on-demand';
import { useMasterKey } from '../../lib/master-key';
import { useEnrollmentQuery } from './api/read-enrollment';

/** The Enrollment page's state: the key and the figures, read at once with a key kept from another admin page. */
export function useEnrollment() {
  const [masterKey, setMasterKey] = useMasterKey();
  const query = useEnrollmentQuery(masterKey, useKeyKeptOnArrival(masterKey));
  const figures = adminReadOf(query);
  const hasKey = masterKey.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && figures.state !== 'loading') void query.refetch();
  };

  return { masterKey, setMasterKey, hasKey, figures, submit };
}
