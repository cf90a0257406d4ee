import type { ConsentVersionsOverview, PublishConsentResponse } from '@study/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMasterKey } from '../../lib/master-key';
import { usePublishConsentVersion } from './api/publish-consent-version';
import { useReadConsentVersions } from './api/read-consent-versions';

export type Figures = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; overview: ConsentVersionsOverview } | { state: 'failed'; message: string };
export type Publishing = { state: 'idle' } | { state: 'sending' } | { state: 'done'; answer: PublishConsentResponse } | { state: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Consent page's state: the versions on record (read at once with a key kept from another
 * admin page) and the new text with its publication, after which the versions are read again.
 */
export function useConsentVersions() {
  const [masterKey, setMasterKey] = useMasterKey();
  const [figures, setFigures] = useState<Figures>({ state: 'idle' });
  const [text, setText] = useState('');
  const [publishing, setPublishing] = useState<Publishing>({ state: 'idle' });
  const { mutateAsync: readConsentVersions } = useReadConsentVersions();
  const { mutateAsync: publishConsentVersion } = usePublishConsentVersion();
  const hasKey = masterKey.trim() !== '';

  const load = useCallback(
    async (key: string) => {
      setFigures({ state: 'loading' });
      try {
        setFigures({ state: 'loaded', overview: await readConsentVersions({ masterKey: key }) });
      } catch (error) {
        setFigures({ state: 'failed', message: messageOf(error) });
      }
    },
    [readConsentVersions],
  );

  // A key kept from another admin page of this tab shows the versions at once.
  const initialKey = useRef<string | null>(masterKey);
  useEffect(() => {
    const key = initialKey.current;
    initialKey.current = null;
    if (key && key.trim() !== '') void load(key);
  }, [load]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && figures.state !== 'loading') void load(masterKey);
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasKey || text.trim() === '' || publishing.state === 'sending') return;
    setPublishing({ state: 'sending' });
    try {
      const answer = await publishConsentVersion({ masterKey, text });
      setPublishing({ state: 'done', answer });
      if (answer.outcome === 'published') setText('');
      await load(masterKey);
    } catch (error) {
      setPublishing({ state: 'failed', message: messageOf(error) });
    }
  };

  return { masterKey, setMasterKey, hasKey, figures, show, text, setText, publishing, publish };
}

export type ConsentVersionsState = ReturnType<typeof useConsentVersions>;
