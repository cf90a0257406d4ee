import type { PublishConsentResponse } from '@study/contracts';
import { useState, type FormEvent } from 'react';
import { adminReadOf } from '../../api/read-on-demand';
import { usePublishConsentVersion } from './api/publish-consent-version';
import { useConsentVersionsQuery } from './api/read-consent-versions';
import { messageOf } from '../../lib/message-of';

export type Publishing = { state: 'idle' } | { state: 'sending' } | { state: 'done'; answer: PublishConsentResponse } | { state: 'failed'; message: string };


/**
 * The Consent page's state: the versions on record (read when the page opens) and the new text
 * with its publication, after which the versions are read again.
 */
export function useConsentVersions() {
  const query = useConsentVersionsQuery();
  const versions = adminReadOf(query);
  const [text, setText] = useState('');
  const [publishing, setPublishing] = useState<Publishing>({ state: 'idle' });
  const { mutateAsync: publishConsentVersion } = usePublishConsentVersion();

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (versions.state !== 'loading') void query.refetch();
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || publishing.state === 'sending') return;
    setPublishing({ state: 'sending' });
    try {
      const answer = await publishConsentVersion({ text });
      setPublishing({ state: 'done', answer });
      if (answer.outcome === 'published') setText('');
      await query.refetch();
    } catch (error) {
      setPublishing({ state: 'failed', message: messageOf(error) });
    }
  };

  return { versions, show, text, setText, publishing, publish };
}

export type ConsentVersionsState = ReturnType<typeof useConsentVersions>;
