import type { Enrollment } from '@study/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMasterKey } from '../../lib/master-key';
import { useReadEnrollment } from './api/read-enrollment';

export type Figures = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; enrollment: Enrollment } | { state: 'failed'; message: string };

/** The Enrollment page's state: the key and the figures, read at once with a key kept from another admin page. */
export function useEnrollment() {
  const [masterKey, setMasterKey] = useMasterKey();
  const [figures, setFigures] = useState<Figures>({ state: 'idle' });
  const { mutateAsync: readEnrollment } = useReadEnrollment();
  const hasKey = masterKey.trim() !== '';

  const load = useCallback(
    async (key: string) => {
      setFigures({ state: 'loading' });
      try {
        setFigures({ state: 'loaded', enrollment: await readEnrollment({ masterKey: key }) });
      } catch (error) {
        setFigures({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [readEnrollment],
  );

  // A key kept from another admin page of this tab shows the figures at once (once, on arrival).
  const initialKey = useRef<string | null>(masterKey);
  useEffect(() => {
    const key = initialKey.current;
    initialKey.current = null;
    if (key && key.trim() !== '') void load(key);
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && figures.state !== 'loading') void load(masterKey);
  };

  return { masterKey, setMasterKey, hasKey, figures, submit };
}
