import './consent-renewal.css';
import type { ConsentRenewal, ConsentTextView } from '@study/contracts';
import { Button, ButtonLink, Checkbox, ConsentDocument, Notice, Page, Spinner } from '@study/ui';
import { useCallback, useEffect, useState } from 'react';
import { httpConsentRenewalApi, type ConsentRenewalApi } from '../api/consent-api';

export interface ConsentRenewalPageProps {
  pgId: string;
  renewal: ConsentRenewal;
  /** The consent is recorded: open the dashboard (load the participant again). */
  onAgreed: () => void;
  api?: ConsentRenewalApi;
}

type TextState = { state: 'loading' } | { state: 'loaded'; version: ConsentTextView } | { state: 'failed'; error: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Before the dashboard opens: the consent text changed since the participant agreed, so they
 * read the new one and agree again (or leave). No new Open Humans authorization is needed.
 */
export function ConsentRenewalPage({ pgId, renewal, onAgreed, api = httpConsentRenewalApi }: ConsentRenewalPageProps) {
  const [text, setText] = useState<TextState>({ state: 'loading' });
  const [certified, setCertified] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
    let cancelled = false;
    setText({ state: 'loading' });
    api.fetchConsentText().then(
      (version) => !cancelled && setText({ state: 'loaded', version }),
      (error: unknown) => !cancelled && setText({ state: 'failed', error: messageOf(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  useEffect(() => load(), [load]);

  const agree = async (versionId: string) => {
    setSaving(true);
    setFailure(null);
    try {
      await api.renewConsent(pgId, versionId);
      onAgreed();
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  const version = text.state === 'loaded' ? text.version : null;
  return (
    <Page title="The consent form has changed" lead="Please read the new consent form and agree to it before you continue with the study.">
      <Notice style="info" title="Please agree again">
        <p>
          {renewal.agreedVersionId ? (
            <>
              You agreed to version <strong>{renewal.agreedVersionId}</strong> of the consent form. Version{' '}
              <strong>{renewal.versionId}</strong> has been published since.
            </>
          ) : (
            <>
              Version <strong>{renewal.versionId}</strong> of the consent form has been published since you agreed.
            </>
          )}{' '}
          Your study ID and your answers stay as they are.
        </p>
      </Notice>
      <div className="btn-row consent-renewal__tools">
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <div className="card">
        {text.state === 'loading' && <Spinner label="Loading the consent text..." />}
        {text.state === 'failed' && (
          <Notice style="danger" title="The consent text could not be loaded.">
            <p>{text.error}</p>
            <Button variant="secondary" onClick={() => load()}>
              Try again
            </Button>
          </Notice>
        )}
        {version && (
          <>
            <p className="consent-renewal__version">
              Consent version <strong className="consent-renewal__version-id">{version.versionId}</strong>
            </p>
            <ConsentDocument text={version.text} />
            <div className="consent-renewal__sign">
              <Checkbox checked={certified} onChange={setCertified} name="certify">
                I certify that I am 18 years of age or older, and I agree to take part in this study.
              </Checkbox>
            </div>
          </>
        )}
      </div>
      {failure && (
        <Notice style="danger" title="Your agreement could not be recorded.">
          <p>{failure}</p>
        </Notice>
      )}
      <div className="btn-row consent-renewal__actions">
        <ButtonLink to="/" variant="ghost">
          Disagree
        </ButtonLink>
        <Button disabled={!certified || !version || saving} aria-busy={saving} onClick={() => version && void agree(version.versionId)}>
          Agree
        </Button>
      </div>
    </Page>
  );
}
