import type { PublishConsentResponse } from '@study/contracts';
import { useState, type FormEvent } from 'react';
import { adminReadOf, useKeyKeptOnArrival } from '../../api/read-on-demand';
import { useMasterKey } from '../../lib/master-key';
import { usePublishConsentVersion } from './api/publish-consent-version';
import { useConsentVersionsQuery } from './api/read-consent-versions';

export type Publishing = { state: 'idle' } | { state: 'sending' } | { state: 'done'; answer: PublishConsentResponse } | { state: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Consent page's state: the versions on record (read at once with a key kept from another
 * admin page) and the new text with its publication, after which the versions are read again.
 */
export function useConsentVersions() {
  const [masterKey, setMasterKey] = useMasterKey();
  const query = useConsentVersionsQuery(masterKey, useKeyKeptOnArrival(masterKey));
  const versions = adminReadOf(query);
  const [text, setText] = useState('');
  const [publishing, setPublishing] = useState<Publishing>({ state: 'idle' });
  const { mutateAsync: publishConsentVersion } = usePublishConsentVersion();
  const hasKey = masterKey.trim() !== '';

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && versions.state !== 'loading') void query.refetch();
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasKey || text.trim() === '' || publishing.state === 'sending') return;
    setPublishing({ state: 'sending' });
    try {
      const answer = await publishConsentVersion({ masterKey, text });
      setPublishing({ state: 'done', answer });
      if (answer.outcome === 'published') setText('');
      await query.refetch();
    } catch (error) {
      setPublishing({ state: 'failed', message: messageOf(error) });
    }
  };

  return { masterKey, setMasterKey, hasKey, versions, show, text, setText, publishing, publish };
}

export type ConsentVersionsState = ReturnType<typeof useConsentVersions>;
